"""Printing a pack: the request, the layout, the templates through WeasyPrint, stamping, PDFs."""
