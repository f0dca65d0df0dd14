"""A labelled folder under review (the app's "Review labels" page): its photos least-sure first,
edits saved back at once to labelling.jsonl and the photo's YOLO label file.

A box a person changed or drew has no score (`Box.score is None`): it is no longer a guess.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from pathlib import Path

from datasets.formats import Box, LabelledImage, write_yolo_labels
from datasets.labelling import MANIFEST, append_record, export, read_manifest
from scoring.messages import Msg


class NotLabelled(ValueError):
    """The folder has no labelling.jsonl (it was not made by `mjlens label`)."""


@dataclass
class ReviewSet:
    folder: Path
    records: list[LabelledImage] = field(default_factory=list)  # the review order
    notes: list[Msg] = field(default_factory=list)  # said on opening (a cut-off last line)

    @classmethod
    def open(cls, folder: str | Path) -> ReviewSet:
        folder = Path(folder).expanduser()
        if not (folder / MANIFEST).exists():
            raise NotLabelled(str(folder))
        notes: list[Msg] = []
        recs = list(read_manifest(folder, notes.append).values())  # FormatError: a damaged line
        # photos still to review first, least sure first (one where the detector found nothing
        # is the least sure: every tile may have been missed); reviewed ones after, by name
        recs.sort(key=lambda r: (r.reviewed, 0 if r.reviewed or not r.boxes else r.least_sure(),
                                 r.image))
        return cls(folder, recs, notes)

    @property
    def reviewed(self) -> int:
        return sum(r.reviewed for r in self.records)

    def image_path(self, i: int) -> Path:
        return self.folder / "images" / self.records[i].image

    def save(self, i: int) -> None:
        """Write photo i's labels and append its record: a `mjlens label` run may still be
        adding photos to the record file (rewriting it from this page's copy lost them)."""
        write_yolo_labels(self.records[i], self.folder / "labels")
        append_record(self.folder, self.records[i])

    def set_code(self, i: int, k: int, code: str) -> None:
        box = self.records[i].boxes[k]
        if box.code != code:
            box.code, box.score = code, None
            self.save(i)

    def delete_box(self, i: int, k: int) -> None:
        del self.records[i].boxes[k]
        self.save(i)

    def add_box(self, i: int, code: str, x1: float, y1: float, x2: float, y2: float) -> int:
        """The new box's number (the boxes are kept left to right, so others may move)."""
        rec = self.records[i]
        x1, x2 = sorted((max(0.0, min(x1, rec.width)), max(0.0, min(x2, rec.width))))
        y1, y2 = sorted((max(0.0, min(y1, rec.height)), max(0.0, min(y2, rec.height))))
        if x2 - x1 < 1 or y2 - y1 < 1:
            raise ValueError("empty box")
        new = Box(code, x1, y1, x2, y2)
        rec.boxes.append(new)
        rec.boxes.sort(key=lambda b: b.x1 + b.x2)
        self.save(i)
        return next(k for k, b in enumerate(rec.boxes) if b is new)

    def accept(self, i: int) -> None:
        self.records[i].reviewed = True
        self.save(i)

    def unaccept(self, i: int) -> None:
        """Photo i to review again: accepted by mistake, or a wrong box seen afterwards."""
        self.records[i].reviewed = False
        self.save(i)

    def restore(self, i: int, rec: LabelledImage) -> None:
        """Photo i as it was (a copy taken before a change): the review page's Undo."""
        self.records[i] = copy.deepcopy(rec)
        self.save(i)

    def next_to_review(self, i: int) -> int:
        """The next photo after i still to review (around the end), else simply the next."""
        n = len(self.records)
        return next((j % n for j in range(i + 1, i + n) if not self.records[j % n].reviewed),
                    (i + 1) % n)

    def export(self) -> None:
        """COCO and Label Studio files (and data.yaml, labels) from the record file: every
        photo, also those labelled since this page opened the folder."""
        export(self.folder)

    def next_box_guess(self, i: int) -> tuple[float, float, float, float]:
        """Where a missing tile most likely is: right of the last box, the median tile size."""
        rec = self.records[i]
        if not rec.boxes:
            w = rec.width / 15
            return (rec.width / 2 - w / 2, rec.height / 2 - w * 0.7, rec.width / 2 + w / 2,
                    rec.height / 2 + w * 0.7)
        ws = sorted(b.x2 - b.x1 for b in rec.boxes)
        hs = sorted(b.y2 - b.y1 for b in rec.boxes)
        w, h = ws[len(ws) // 2], hs[len(hs) // 2]
        last = max(rec.boxes, key=lambda b: b.x2)
        x1 = min(last.x2, rec.width - w)
        return (x1, last.y1, x1 + w, last.y1 + h)
