# Set-up and everyday commands. `make demo` and `make test` work on a fresh machine.
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
# System libraries: Pango (WeasyPrint), HarfBuzz's subsetter (much faster font embedding),
# poppler-utils (pdftoppm/pdftotext, to look at and test PDFs), chromium (the browser tests),
# qpdf and mupdf-tools (a filled editable pack's appearances, drawn by MuPDF too),
# ghostscript (the tests read every pack as printers and print shops do),
# postgresql (the tests start a throwaway server of their own: tests/postgres.py).
APT_PACKAGES := libpango-1.0-0 libpangoft2-1.0-0 libharfbuzz-subset0 poppler-utils chromium \
	postgresql
APT_PACKAGES += qpdf mupdf-tools ghostscript
# The themes' fonts (theme.toml `debian = ...`), each covering Latin-1 and Latin Extended-A.
APT_PACKAGES += fonts-lato fonts-quicksand fonts-comfortaa fonts-kaushanscript fonts-dosis \
	fonts-arapey fonts-inter fonts-open-sans fonts-vollkorn
# Fonts for names in other scripts (Noto Sans: Greek, Cyrillic, Vietnamese; Droid Sans
# Fallback: Chinese, Japanese; Nanum: Korean).
APT_PACKAGES += fonts-noto-core fonts-droid-fallback fonts-nanum

.PHONY: demo test lint bench system clean

demo: $(VENV)/.installed
	SOURCE_DATE_EPOCH=1796342400 $(BIN)/bunco-print pack --players 13 --theme december \
		--seed 7 --date 2026-12-04 --out output/demo
	@echo "Open output/demo/pack.pdf"

# The tests on every core; a worker that runs out takes some of another's (--dist worksteal:
# medians of five runs here 151 s, against 157 s with each module kept to one worker).
test: $(VENV)/.installed-test
	$(BIN)/ruff check bunco_print tests benchmarks
	$(BIN)/ruff format --check bunco_print tests benchmarks
	$(BIN)/lint-imports --no-cache
	$(BIN)/python -m pytest -n auto --dist worksteal --durations=10

bench: $(VENV)/.installed-test
	$(BIN)/python benchmarks/bench_pack.py

system:
	@if command -v dpkg-query >/dev/null && ! dpkg-query -W $(APT_PACKAGES) >/dev/null 2>&1; then \
		if [ "$$(id -u)" = 0 ]; then \
			(apt-get install -y -qq $(APT_PACKAGES) >/dev/null 2>&1 || \
			 (apt-get update -qq && apt-get install -y -qq $(APT_PACKAGES))) ; \
		else echo "Please install: $(APT_PACKAGES) (sudo apt-get install ...)"; fi; \
	fi

$(VENV)/.installed: pyproject.toml | system
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip
	$(BIN)/pip install -q -e '.[server]'
	touch $@

$(VENV)/.installed-test: pyproject.toml $(VENV)/.installed
	$(BIN)/pip install -q -e '.[test]'
	touch $@

clean:
	rm -rf $(VENV) output build dist .pytest_cache .ruff_cache
