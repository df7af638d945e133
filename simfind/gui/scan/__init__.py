"""The window's scan: the worker on its own thread (worker), the controller that starts,
cancels and relays it (controller), and what the window says of it (status).

Imported by module; this face loads nothing.
"""
