"""Licence texts simfind supplies for components whose wheels carry none (simfind/notices.py)."""
