"""Making a catalogue: packs built in worker processes, zipped, drawn, and each listing written.

Work is cut into one task per listing and paper: its packs differ only in their player count
(and variant), so one process lays their shared documents out once (backgrounds.py). A task
holds one pack in memory at a time and streams it into its zip on disk; the listing's folder is
staged in one output.Batch once its tasks are done, and the batch puts every listing and
listings.csv in place at the end: the whole shop or, on any failure, what was there before. A
listing whose inputs have the digest its folder recorded is skipped.
"""

from __future__ import annotations

import json
import multiprocessing
import os
import shutil
import tempfile
import zipfile
from collections.abc import Callable
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from pathlib import Path

from bunco_print.catalogue import text
from bunco_print.catalogue.images import IMAGE_NAMES, Facts, listing_images
from bunco_print.catalogue.pages import libraries
from bunco_print.catalogue.plan import CataloguePlan, Listing, PackSpec, input_digest
from bunco_print.edges import config, memory, output
from bunco_print.errors import InputError
from bunco_print.game.values import printable
from bunco_print.printing import orders
from bunco_print.printing.request import NONE
from bunco_print.theming import themes

MAX_FILE = 20 * 1000 * 1000  # a shop's limit per file (20 MB)
MAX_FILES = 5
MAX_NAME = 70
INPUTS = ".catalogue-inputs.json"  # the digest of what a listing was made from
LISTING_KIND = "listing"
LISTED = {"title", "tags", "description", "files", "images"}  # what listings.csv shows of one
CATALOGUE_KIND = "catalogue"


@dataclass(frozen=True)
class Task:
    listing: str
    theme: str
    paper: str
    packs: tuple[tuple[PackSpec, object], ...]  # (spec, pack.PackRequest)
    work: str  # a folder for this task's zips and images
    zip_time: tuple[int, int, int, int, int, int]
    facts: Facts | None = None  # set on the task that draws the gallery
    gallery: str = ""  # the folder of the pack the gallery is drawn from


@dataclass
class TaskResult:
    listing: str
    paper: str
    zips: list[tuple[str, list[PackSpec]]] = field(default_factory=list)  # (path, its packs)
    images: list[str] = field(default_factory=list)
    documents: set[str] = field(default_factory=set)  # the documents' file names its packs hold


@dataclass
class Outcome:
    written: list[str] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)
    packs: int = 0


Progress = Callable[[int, str], None]  # (packs just made, which)


def check_out(plan: CataloguePlan, out: Path) -> Path:
    """The catalogue folder and each listing folder, refused now if they cannot be written (the
    shop's limits a plan can break were checked by make_plan: MAX_PACKS)."""
    folder = output.check_folder(out, kind=CATALOGUE_KIND)
    listings = [folder / listing.name for listing in plan.listings]
    for place in listings:
        output.check_folder(place, kind=LISTING_KIND)
    for place in dict.fromkeys(_nearest(place) for place in [folder, *listings]):
        _check_writable(place, out)
    return folder


def _nearest(folder: Path) -> Path:
    """The folder itself, or the nearest of its parents that exists (where it will be made)."""
    while not folder.exists() and folder != folder.parent:
        folder = folder.parent
    return folder


def _check_writable(place: Path, out: Path) -> None:
    """Refuse a folder nothing can be written into (read-only, full, a file on the way): a
    folder is made in it and removed, so a run learns it before it makes a single pack."""
    shown = printable(str(out))
    if not place.is_dir():
        raise InputError(f"cannot write {shown}: {printable(str(place))} is not a folder")
    try:
        os.rmdir(tempfile.mkdtemp(prefix=".bunco-print-probe-", dir=place))
    except OSError as exc:
        raise InputError(f"cannot write {shown}: {exc.strerror or exc}") from None


def build(plan: CataloguePlan, out: Path, jobs: int = 0, progress: Progress | None = None):
    """Write every listing of `plan` under `out` (skipping those already made from the same
    inputs) and listings.csv; what was written and skipped."""
    folder = check_out(plan, out)
    libraries()  # the gallery's, checked before any pack is made
    outcome = Outcome()
    digests = {listing.name: input_digest(plan, listing) for listing in plan.listings}
    todo = [item for item in plan.listings if not _made(folder / item.name, digests[item.name])]
    outcome.skipped = [item.name for item in plan.listings if item not in todo]
    made: dict[str, dict] = {}  # listing.json of each listing made, by name
    # One batch: every listing and listings.csv are put in place at the end, or none of them.
    with tempfile.TemporaryDirectory(prefix="bunco-catalogue-") as work, output.Batch() as batch:
        tasks = [task for listing in todo for task in _tasks(plan, listing, Path(work))]
        waiting = {listing.name: len(plan.papers) for listing in todo}
        results: dict[str, list[TaskResult]] = {name: [] for name in waiting}
        for result in _run(tasks, jobs, progress):
            results[result.listing].append(result)
            waiting[result.listing] -= 1
            if waiting[result.listing] == 0:
                listing = next(item for item in todo if item.name == result.listing)
                made[listing.name] = _stage_listing(
                    plan, listing, folder, results.pop(result.listing), digests, batch
                )
                outcome.written.append(listing.name)
                outcome.packs += len(listing.packs)
        rows = [
            (item.name, made.get(item.name) or _read_listing(folder / item.name))
            for item in plan.listings
        ]
        rows += _other_listings(folder, {item.name for item in plan.listings})
        batch.add(folder, {"listings.csv": text.listings_csv(rows)}, kind=CATALOGUE_KIND)
    return outcome


def _made(folder: Path, digest: str) -> bool:
    marker = output.read_marker(folder)
    if marker is None or marker.get("kind") != LISTING_KIND:
        return False
    try:
        recorded = json.loads((folder / INPUTS).read_text(encoding="utf-8")).get("inputs")
    except (OSError, ValueError, AttributeError):
        return False
    return recorded == digest and all((folder / name).is_file() for name in marker["files"])


def _read_listing(folder: Path) -> dict:
    return json.loads((folder / "listing.json").read_text(encoding="utf-8"))


def _other_listings(folder: Path, planned: set[str]) -> list[tuple[str, dict]]:
    """The shop's listings an earlier run made and this one left alone (another theme), by
    name: listings.csv lists the whole shop. A folder that is no listing is not one of them."""
    rows = []
    for place in sorted(folder.iterdir()) if folder.is_dir() else ():
        marker = output.read_marker(place) if place.is_dir() else None
        if place.name in planned or marker is None or marker.get("kind") != LISTING_KIND:
            continue
        try:
            data = _read_listing(place)
        except (OSError, ValueError):
            continue  # not one bunco-print can list (edited by hand): the shop still is
        if isinstance(data, dict) and data.keys() >= LISTED:
            rows.append((place.name, data))
    return rows


def _zip_time(plan: CataloguePlan) -> tuple[int, int, int, int, int, int]:
    day = plan.date or config.event_date(None)  # undated packs: today's, as the files'
    when = config.source_date() or datetime.fromisoformat(day).replace(tzinfo=UTC)
    when = max(when, datetime(1980, 1, 1, tzinfo=UTC))  # the earliest time a zip can hold
    return (when.year, when.month, when.day, when.hour, when.minute, when.second // 2 * 2)


def file_stem(theme: themes.Theme) -> str:
    """The zips' name: `spooky-bunco` from the theme's title ("Spooky Bunco"), an apostrophe
    dropped (`galentines-day-bunco`, not `galentine-s-day-bunco`)."""
    name = text.theme_name(theme).lower().replace("'", "").replace("\u2019", "")
    words = "".join(c if c.isalnum() else " " for c in name).split()
    return "-".join([*words, "bunco"])[:40].strip("-")


def _tasks(plan: CataloguePlan, listing: Listing, work: Path) -> list[Task]:
    theme = themes.load(listing.theme)
    facts = Facts(
        title=theme.title,
        players=text.players_phrase(plan.players),
        papers=text.papers_phrase(plan.papers),
        counts=plan.players,
        paper_sizes=tuple(text.PAPER_SIZES[p] for p in plan.papers),
        shop=plan.wording.shop,
    )
    players = min(plan.players, key=lambda n: (abs(n - 12), n))  # a table or three: typical
    first = PackSpec(listing.theme, players, plan.papers[0], plan.per_page[0], plan.rulesets[0])
    tasks = []
    for paper in plan.papers:
        specs = sorted((p for p in listing.packs if p.paper == paper), key=lambda p: p.folder)
        requests = tuple((spec, _request(plan, spec)) for spec in specs)
        place = work / f"{listing.name}-{paper}"
        place.mkdir()
        tasks.append(
            Task(
                listing=listing.name,
                theme=listing.theme,
                paper=paper,
                packs=requests,
                work=str(place),
                zip_time=_zip_time(plan),
                facts=facts if paper == plan.papers[0] else None,
                gallery=first.folder,
            )
        )
    return tasks


def _request(plan: CataloguePlan, spec: PackSpec):
    order = dict(
        players=spec.players,
        ruleset=spec.ruleset,
        theme=spec.theme,
        paper=spec.paper,
        per_page=spec.per_page,
        seed=plan.seed,
        date=plan.date or NONE,
        buy_in=NONE if plan.buy_in is None else plan.buy_in,
        currency=plan.currency,
        editable=plan.editable,
        qr=plan.qr or bool(plan.qr_join),
        extras=plan.extras,
        author=plan.wording.shop,  # the packs' author: the shop (none: bunco-print)
    )
    if not plan.qr_join:
        return orders.pack_request(order)
    # the same codes for every buyer: a hosted engine's join links, never signed
    return replace(orders.pack_request(order | {"engine_url": plan.qr_join}), qr_join=True)


def _run(tasks: list[Task], jobs: int, progress: Progress | None):
    """Each task's result as it completes: in this process for one job, else in a pool whose
    workers say each pack as it is made (for the progress bar)."""
    jobs = jobs or os.cpu_count() or 1
    say = progress or (lambda packs, what: None)
    if jobs == 1 or len(tasks) <= 1:
        for task in tasks:
            yield run_task(task, lambda what: say(1, what))
        return
    made: multiprocessing.SimpleQueue = multiprocessing.SimpleQueue()
    workers = ProcessPoolExecutor(min(jobs, len(tasks)), initializer=_listen, initargs=(made,))
    with workers as pool:
        try:
            pending = {pool.submit(run_task, task): task for task in tasks}
            while pending:
                done, _ = wait(pending, timeout=0.2, return_when=FIRST_COMPLETED)
                while not made.empty():
                    say(1, made.get())
                for future in sorted(done, key=lambda f: tasks.index(pending[f])):
                    del pending[future]
                    yield future.result()
        except BaseException:
            pool.shutdown(cancel_futures=True)  # an error or Ctrl-C: the queued tasks never start
            raise


# --- in a worker -------------------------------------------------------------------------------


_MADE: list = []  # in a worker: the queue that tells the parent of each pack made


def _listen(made) -> None:
    _MADE.append(made)
    memory.keep_freed()


def run_task(task: Task, tell: Callable[[str], None] | None = None) -> TaskResult:
    """Make a listing's packs on one paper into zips of at most 20 MB (and its gallery); tell
    (or the worker's queue) hears of each pack as it is made."""
    tell = tell or (_MADE[0].put if _MADE else lambda what: None)
    from bunco_print.catalogue import host_card
    from bunco_print.catalogue.backgrounds import SharedBackgrounds
    from bunco_print.printing.pack import build_pack

    result = TaskResult(listing=task.listing, paper=task.paper)
    parts: list[list[PackSpec]] = []
    archive, size = None, 0
    shared = SharedBackgrounds()
    try:
        for spec, request in task.packs:
            pack = build_pack(
                request, lay_out=shared, signed=request.qr and not request.qr_join, forked=False
            )
            files = {"pack.pdf": pack.pack_pdf, **pack.documents}
            if request.qr_join:
                files[host_card.NAME] = host_card.host_card(pack.event, request)
            result.documents.update(pack.documents)
            needed = sum(len(data) + 200 for data in files.values())
            if archive is None or size + needed > MAX_FILE - 64 * 1024:
                if archive is not None:
                    archive.close()
                path = Path(task.work) / f"part-{len(parts)}.zip"
                archive = zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED, compresslevel=6)
                result.zips.append((str(path), []))
                parts.append([])
                size = 0
            for name in sorted(files):
                info = zipfile.ZipInfo(f"{spec.folder}/{name}", date_time=task.zip_time)
                info.compress_type = zipfile.ZIP_DEFLATED
                info.external_attr = 0o644 << 16
                info.create_system = 3  # Unix, whatever system made it
                archive.writestr(info, files[name], compresslevel=6)
            size += needed
            result.zips[-1][1].append(spec)
            if task.facts is not None and spec.folder == task.gallery:
                theme = themes.load(task.theme)
                for name, data in listing_images(pack.documents, theme, task.facts).items():
                    (Path(task.work) / name).write_bytes(data)
                    result.images.append(str(Path(task.work) / name))
            del pack, files
            tell(f"{task.listing} {task.paper} {spec.players}")
    finally:
        shared.close()
        if archive is not None:
            archive.close()
    return result


# --- back in the parent ------------------------------------------------------------------------


def zip_names(stem: str, paper: str, parts: list[list[PackSpec]]) -> list[str]:
    """One zip a paper; split, each part is named by its player counts (`-4-8-players`) when
    no count is in two parts and the name stays short, else `-part-1-of-2`."""
    if len(parts) == 1:
        return [f"{stem}-{paper}.zip"]
    counts = [sorted({spec.players for spec in part}) for part in parts]
    names = [f"{stem}-{paper}-{'-'.join(map(str, c))}-players.zip" for c in counts]
    apart = sum(len(c) for c in counts) == len({n for c in counts for n in c})
    if apart and all(len(name) <= MAX_NAME for name in names):
        return names
    return [f"{stem}-{paper}-part-{i + 1}-of-{len(parts)}.zip" for i in range(len(parts))]


def _stage_listing(
    plan: CataloguePlan,
    listing: Listing,
    folder: Path,
    results: list[TaskResult],
    digests,
    batch: output.Batch,
) -> dict:
    """The listing's folder, written into `batch`; its listing.json."""
    theme = themes.load(listing.theme)
    stem = file_stem(theme)
    files: dict[str, bytes] = {}
    order = {paper: i for i, paper in enumerate(plan.papers)}
    held: list[PackSpec] = []
    for result in sorted(results, key=lambda r: order[r.paper]):
        names = zip_names(stem, result.paper, [packs for _path, packs in result.zips])
        for name, (path, packs) in zip(names, result.zips, strict=True):
            files[name] = Path(path).read_bytes()
            Path(path).unlink()
            held += packs
    if len(files) > MAX_FILES:
        raise InputError(
            f"listing {listing.name}: its packs need {len(files)} files of at most 20 MB, and a "
            f"shop takes {MAX_FILES}; ask for fewer player counts, papers or variants"
        )
    for name, data in files.items():
        if len(data) > MAX_FILE or len(name) > MAX_NAME:
            raise InputError(
                f"listing {listing.name}: {name} is over a shop's limits ({MAX_FILE // 10**6} MB "
                f"and {MAX_NAME} characters a file)"
            )
    images = [path for result in results for path in result.images]
    if not set(IMAGE_NAMES) <= {Path(path).name for path in images}:  # + extras, fill-in
        raise InputError(f"listing {listing.name}: its gallery could not be drawn")
    gallery = {Path(path).name: Path(path).read_bytes() for path in images}
    shown = Listing(listing.name, listing.theme, tuple(held))
    documents = sorted(set().union(*(result.documents for result in results)))
    data = text.listing_json(plan, shown, list(files), list(gallery), documents)
    inputs = {"inputs": digests[listing.name], "version": plan.options()["version"]}
    written = {
        **files,
        **gallery,
        "listing.json": text.dumps(data),
        INPUTS: text.dumps(inputs),
    }
    batch.add(folder / listing.name, written, kind=LISTING_KIND)
    for path in images:
        Path(path).unlink(missing_ok=True)
    shutil.rmtree(Path(images[0]).parent, ignore_errors=True)
    return json.loads(written["listing.json"])
