"""A dark palette as a dark desktop theme hands it to Qt, for tests and screenshots."""

from __future__ import annotations

from PySide6.QtGui import QColor, QPalette


def dark_palette() -> QPalette:
    """Adwaita-dark's colours, as Qt's gtk3 platform theme hands them over."""
    palette = QPalette(QColor(53, 53, 53), QColor(53, 53, 53))  # button, window
    role = QPalette.ColorRole
    for name, colour in (
        (role.Base, QColor(45, 45, 45)),
        (role.AlternateBase, QColor(53, 53, 53)),
        (role.Text, QColor(238, 238, 236)),
        (role.WindowText, QColor(238, 238, 236)),
        (role.ButtonText, QColor(238, 238, 236)),
        (role.PlaceholderText, QColor(150, 150, 150)),
        (role.Highlight, QColor(53, 132, 228)),
        (role.Link, QColor(120, 174, 237)),
        (role.LinkVisited, QColor(170, 150, 230)),
        (role.HighlightedText, QColor(255, 255, 255)),
        (role.ToolTipBase, QColor(30, 30, 30)),
        (role.ToolTipText, QColor(238, 238, 236)),
    ):
        palette.setColor(name, colour)
    return palette
