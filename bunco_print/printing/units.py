"""Units shared by layout and PDF stamping."""

PT_PER_PX = 0.75  # PDF points per CSS px (96 px = 72 pt = 1 inch)
