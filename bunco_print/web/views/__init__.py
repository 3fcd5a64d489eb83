"""One module per kind of page (sheet, table, host dashboard, board, downloads) over base.py."""
