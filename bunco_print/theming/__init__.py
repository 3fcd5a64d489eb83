"""Themes as data: colours, fonts and art, checked key by key; the ink saver's lighter copy."""
