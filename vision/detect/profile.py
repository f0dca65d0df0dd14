"""A tile-set profile: what one player's own tiles look like to the crop classifier.

Why: the classifier reads tile sets like its training photos almost perfectly and others badly;
a player shows the reader their set once (a photo of the calibration sheet, any photo whose
tiles they can list, or corrections in the app) and from then on each crop is also compared
with those tiles.

The file (`.mjprofile`, a NumPy .npz archive, read with allow_pickle=False) holds:

- `header`: a JSON text {"format": "mjlens-tile-profile", "version": 1, "name", "model" (the
  classifier's identity, TileDetector.classifier_version), "created", "updated"};
- `codes`: int16 [N], each example's tile code as its index in scoring.tiles.DETECTOR_CLASSES;
- `embeddings`: float32 [N, 4, D], the classifier's `embedding` output for each example crop as
  seen, turned 180 degrees and a quarter turn either way (TileDetector.embed_crops);
- `crops`: uint8 [N, 64, 64, 3], the example crops (BGR, as the classifier reads them), so a
  profile made with another classifier is embedded again instead of refused;
- `read_as`: int16 [N], the code the classifier alone gives each example crop (-1: not known),
  which sets how much the profile is trusted (below);
- `red`: bool [N], optional: the examples that are red fives (riichi's aka dora, listed as 0m,
  0p, 0s when calibrating); they keep their own prototypes, beside the plain five's, since a
  red five does not look like the plain one.

Examples may also be "not a tile" (code NOT_TILE, -1): boxes the detector put on the player's
own table (a photo of it bare, `mjlens calibrate --empty`, or "Not a tile" in the app). A box
nearer such an example than any tile prototype (by MARGIN) is dropped: keys, stone grain and mat
blocks of that table stop being read as tiles. A file holding them is written as version 2, so
an mjlens that does not know them refuses it instead of reading them as tiles.

At most MAX_PER_CODE examples are kept per code (the newest). A profile is written to a
temporary file beside the target and renamed over it, so it is never half-written.

Reading (`ProfileReader.read`): prototypes are the mean example of each code (red fives
apart) and orientation after subtracting the profile's mean embedding and normalising
(SimpleShot's CL2N nearest centroid); a crop's similarity to a code is its cosine with the
nearest of that code's prototypes (as seen, upside down, sideways either way; red and plain). Those similarities become probabilities over the codes the profile holds (softmax at
TEMPERATURE; the codes it lacks keep the classifier's share), mixed with the classifier's
probabilities at WEIGHT (chosen on held-out synthetic sets: models/MODEL_CARD.md), scaled down
for a set the classifier already reads well: by the share of the profile's own examples it
misreads, from nothing at USUAL_ERRORS (its ordinary rate on real photos) to all of WEIGHT at
TRUSTED_ERRORS, so a profile does not move the readings of a set it reads well; but a crop the
classifier reads as a code it misread one of the profile's examples as (a correction in the
app) gets the full WEIGHT, so the player's correction counts at once (`misread_codes`). A crop whose
best similarity is below SIMILAR and whose mixed best probability is below SURE is flagged
uncertain.
"""

from __future__ import annotations

import io
import json
import os
import tempfile
import zipfile
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

import numpy as np

from scoring.file_words import os_reason
from scoring.messages import Catalog
from scoring.tiles import DETECTOR_CLASSES, FLOWER_CODES, TILE_CODES

FORMAT = "mjlens-tile-profile"
FORMAT_VERSION = 2  # the newest this reads; 1 when a profile holds no "not a tile" example
NOT_TILE = -1  # the code of a "not a tile" example
MAX_NOT_TILES = 96  # the newest "not a tile" examples kept
MARGIN = 0.1  # a box this much nearer a "not a tile" example than every tile is dropped
SUFFIX = ".mjprofile"
MAX_PER_CODE = 24
WEIGHT = 0.7  # share of the prototype reading in the mix (models/MODEL_CARD.md, "Profiles")
TEMPERATURE = 0.05
TRUSTED_ERRORS = 0.1  # the classifier misreading this share of the examples gets full WEIGHT
# ... and this share, its usual rate on real photos (2.7% of the ground-truth valid crops,
# models/MODEL_CARD.md), is no sign of a new set: no weight
USUAL_ERRORS = 0.03
SIMILAR = 0.35  # below: the crop is close to none of the player's tiles
SURE = 0.5  # below: nor is the mixed reading confident
KEEP_EMPTY = 0.6  # a box "not a tile" would drop is kept when this close to a prototype

M = Catalog("profile", {
    "unreadable": ("Cannot read the tile profile {path}: {reason}",
                   "读不了牌组档案 {path}：{reason}"),
    "foreign": ("{path} is not an mjlens tile profile (make one with `mjlens calibrate`).",
                "{path} 不是 mjlens 的牌组档案（用 `mjlens calibrate` 制作）。"),
    "newer": ("The tile profile {path} was written by a newer mjlens (format {version}); "
              "update mjlens to read it.",
              "牌组档案 {path} 由更新版本的 mjlens 写成（格式 {version}），请先升级 mjlens。"),
    "damaged": ("The tile profile {path} is damaged ({reason}); make it again with "
                "`mjlens calibrate`.",
                "牌组档案 {path} 已损坏（{reason}），请用 `mjlens calibrate` 重新制作。"),
    "other_model": ("The tile profile {path} was made with another tile reader (model {made}, "
                    "this one is {now}) and keeps no tile pictures to learn them again: "
                    "calibrate again with `mjlens calibrate`.",
                    "牌组档案 {path} 是用另一个识牌模型制作的（模型 {made}，现在的是 {now}），"
                    "而且没有保存牌的图片，无法重新学习：请用 `mjlens calibrate` 重新校准。"),
    "no_embedding": ("The tile reader {path} has no embedding output, so it cannot use a tile "
                     "profile.", "识牌模型 {path} 没有特征输出，无法使用牌组档案。"),
    "cannot_write": ("Cannot write the tile profile {path}: {reason}",
                     "写不了牌组档案 {path}：{reason}"),
    "no_ray": ("--profile is not available with --ray yet: label without --ray.",
               "--profile 暂时不能和 --ray 一起用：请不加 --ray 标注。"),
    "empty": ("The tile profile {path} holds no tiles.", "牌组档案 {path} 里没有任何牌。"),
})


class ProfileError(ValueError):
    """A profile that cannot be read, written or used; carries a Msg in the player's words."""

    def __init__(self, message):
        self.msg = message
        super().__init__(str(message))

    def render(self, lang: str = "en") -> str:
        return self.msg.render(lang)


def _now() -> str:
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


@dataclass
class Profile:
    """Examples of one player's tiles, embedded by the classifier `model`."""

    name: str
    model: str
    codes: np.ndarray = field(default_factory=lambda: np.zeros(0, np.int16))
    embeddings: np.ndarray = field(default_factory=lambda: np.zeros((0, 4, 0), np.float32))
    crops: np.ndarray | None = field(default_factory=lambda: np.zeros((0, 64, 64, 3), np.uint8))
    read_as: np.ndarray = field(default_factory=lambda: np.zeros(0, np.int16))
    red: np.ndarray = field(default_factory=lambda: np.zeros(0, bool))
    created: str = field(default_factory=_now)
    updated: str = ""

    def __len__(self) -> int:
        return len(self.codes)

    @property
    def tiles(self) -> np.ndarray:
        """Bool [N]: the examples that are tiles (not "not a tile")."""
        return self.codes >= 0

    @property
    def not_tiles(self) -> int:
        """How many "not a tile" examples the profile keeps."""
        return int((self.codes == NOT_TILE).sum())

    @property
    def without_flowers(self) -> bool:
        """The profile shows a whole set without flowers (every one of the 34 kinds and no
        flower: a riichi sheet, a set sold without them), so it reads no flower."""
        held = {DETECTOR_CLASSES[k] for k in np.unique(self.codes[self.tiles].astype(int))}
        return held.isdisjoint(FLOWER_CODES) and held.issuperset(TILE_CODES)

    def counts(self) -> dict[str, int]:
        """Examples per code, in DETECTOR_CLASSES order."""
        n = np.bincount(self.codes[self.tiles].astype(int), minlength=len(DETECTOR_CLASSES))
        return {c: int(k) for c, k in zip(DETECTOR_CLASSES, n, strict=True) if k}

    def add(self, codes: list[str], crops: np.ndarray, embeddings: np.ndarray,
            read_as=None, red=None) -> None:
        """Keep more examples (codes, their crops, their embeddings [N, 4, D], what the
        classifier alone read them as: indices, None if not known; which are red fives, None
        for none); the oldest of a code beyond MAX_PER_CODE are let go (red fives and plain
        fives counted apart)."""
        idx = np.array([DETECTOR_CLASSES.index(c) for c in codes], np.int16)
        self._append(idx, crops, embeddings, read_as, red)

    def add_not_tiles(self, crops: np.ndarray, embeddings: np.ndarray) -> None:
        """Keep boxes of the player's table that are not tiles (their crops and embeddings
        [N, 4, D]); the oldest beyond MAX_NOT_TILES are let go."""
        self._append(np.full(len(crops), NOT_TILE, np.int16), crops, embeddings, None, None)

    def _append(self, idx: np.ndarray, crops, embeddings, read_as, red) -> None:
        read = np.full(len(idx), -1, np.int16) if read_as is None else \
            np.asarray(read_as, np.int16)
        self.read_as = np.concatenate([self.read_as, read])
        self.red = np.concatenate([self.red, np.zeros(len(idx), bool) if red is None else
                                   np.asarray(red, bool)])
        emb = np.asarray(embeddings, np.float32)
        if not len(self.codes):
            self.embeddings = np.zeros((0, *emb.shape[1:]), np.float32)
        self.codes = np.concatenate([self.codes, idx])
        self.embeddings = np.concatenate([self.embeddings, emb])
        if self.crops is not None:
            self.crops = np.concatenate([self.crops, np.asarray(crops, np.uint8)])
        self._keep_newest()
        self.updated = _now()

    def _keep_newest(self) -> None:
        keep = np.ones(len(self.codes), bool)
        empty = np.flatnonzero(self.codes == NOT_TILE)
        keep[empty[:-MAX_NOT_TILES]] = False
        for k in np.unique(self.codes[self.codes >= 0]):
            for red in (False, True):
                mine = np.flatnonzero((self.codes == k) & (self.red == red))
                keep[mine[:-MAX_PER_CODE]] = False
        self._select(keep)

    def remove_code(self, code: str) -> None:
        """Forget every example of `code`."""
        self._select(self.codes != DETECTOR_CLASSES.index(code))

    def _select(self, keep: np.ndarray) -> None:
        self.codes, self.embeddings = self.codes[keep], self.embeddings[keep]
        self.read_as, self.red = self.read_as[keep], self.red[keep]
        if self.crops is not None:
            self.crops = self.crops[keep]

    # -- the file ----------------------------------------------------------------------------
    def to_bytes(self) -> bytes:
        header = {"format": FORMAT, "version": 2 if self.not_tiles else 1, "name": self.name,
                  "model": self.model, "created": self.created, "updated": self.updated}
        arrays = {"header": np.array(json.dumps(header, ensure_ascii=False)),
                  "codes": self.codes.astype(np.int16),
                  "embeddings": self.embeddings.astype(np.float32)}
        if self.crops is not None:
            arrays["crops"] = self.crops.astype(np.uint8)
        arrays["read_as"] = self.read_as.astype(np.int16)
        if self.red.any():  # written only when there are red fives: older profiles stay alike
            arrays["red"] = self.red.astype(bool)
        buf = io.BytesIO()
        np.savez_compressed(buf, **arrays)
        return buf.getvalue()

    def save(self, path: str | Path) -> Path:
        """Write atomically: a temporary file in the same folder, renamed over `path`."""
        path = Path(path)
        data = self.to_bytes()
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(prefix=".profile-", suffix=".tmp", dir=path.parent)
            try:
                with os.fdopen(fd, "wb") as f:
                    f.write(data)
                    f.flush()
                    os.fsync(f.fileno())
                os.replace(tmp, path)
            except BaseException:
                Path(tmp).unlink(missing_ok=True)
                raise
        except OSError as e:
            raise ProfileError(M("cannot_write", path=str(path), reason=os_reason(e))) \
                from None
        return path

    @classmethod
    def from_bytes(cls, data: bytes, path: str = "profile") -> Profile:
        try:
            with np.load(io.BytesIO(data), allow_pickle=False) as z:
                arrays = {k: z[k] for k in z.files}
        except (OSError, ValueError, zipfile.BadZipFile, EOFError) as e:
            raise ProfileError(M("foreign", path=path)) from e
        try:
            header = json.loads(str(arrays["header"]))
        except (KeyError, ValueError):
            raise ProfileError(M("foreign", path=path)) from None
        if not isinstance(header, dict) or header.get("format") != FORMAT:
            raise ProfileError(M("foreign", path=path))
        if not isinstance(header.get("version"), int) or header["version"] > FORMAT_VERSION:
            raise ProfileError(M("newer", path=path, version=header.get("version")))
        return cls._checked(header, arrays, path)

    @classmethod
    def _checked(cls, header: dict, arrays: dict, path: str) -> Profile:
        def damaged(reason: str):
            return ProfileError(M("damaged", path=path, reason=reason))

        codes, emb = arrays.get("codes"), arrays.get("embeddings")
        crops = arrays.get("crops")
        if codes is None or emb is None:
            raise damaged("codes or embeddings missing")
        if codes.ndim != 1 or emb.ndim != 3 or emb.shape[0] != len(codes) or not emb.shape[1]:
            raise damaged("codes and embeddings do not match")
        if len(codes) and (codes.min() < NOT_TILE or codes.max() >= len(DETECTOR_CLASSES)):
            raise damaged("unknown tile code")
        if crops is not None and crops.shape != (len(codes), 64, 64, 3):
            raise damaged("tile pictures do not match")
        if not np.isfinite(emb).all():
            raise damaged("embeddings not finite")
        read_as = arrays.get("read_as")
        if read_as is None or read_as.shape != codes.shape:
            read_as = np.full(len(codes), -1, np.int16)
        red = arrays.get("red")
        if red is None:
            red = np.zeros(len(codes), bool)
        elif red.shape != codes.shape:
            raise damaged("red fives do not match")
        return cls(name=str(header.get("name") or ""), model=str(header.get("model") or ""),
                   codes=codes.astype(np.int16), embeddings=emb.astype(np.float32),
                   crops=None if crops is None else crops.astype(np.uint8),
                   read_as=read_as.astype(np.int16), red=red.astype(bool),
                   created=str(header.get("created") or ""),
                   updated=str(header.get("updated") or ""))

    @classmethod
    def load(cls, path: str | Path) -> Profile:
        try:
            data = Path(path).read_bytes()
        except OSError as e:
            raise ProfileError(M("unreadable", path=str(path), reason=os_reason(e))) \
                from None
        return cls.from_bytes(data, str(path))


def for_detector(profile: Profile, detector, path: str = "profile") -> Profile:
    """`profile` made usable with `detector`'s classifier: as it is when made with it, embedded
    again from its kept crops when made with another one, refused when it keeps none."""
    if not detector.embedding_size:
        raise ProfileError(M("no_embedding", path=str(detector.cls_path)))
    if not profile.tiles.any():
        raise ProfileError(M("empty", path=path))
    now = detector.classifier_version
    if profile.model == now:
        return profile
    if profile.crops is None or len(profile.crops) != len(profile):
        raise ProfileError(M("other_model", path=path, made=profile.model or "?", now=now))
    probs, emb = detector.embed_crops(profile.crops)
    read_as = probs[:, :len(DETECTOR_CLASSES)].argmax(axis=1).astype(np.int16)
    return Profile(profile.name, now, profile.codes.copy(), emb, profile.crops.copy(),
                   read_as, profile.red.copy(), profile.created, _now())


def load_profile(path: str | Path, detector) -> ProfileReader:
    """The reader of the profile file `path` for `detector` (ProfileError when it cannot be)."""
    return ProfileReader(for_detector(Profile.load(path), detector, str(path)))


def _unit(x: np.ndarray) -> np.ndarray:
    return x / np.maximum(np.linalg.norm(x, axis=-1, keepdims=True), 1e-9)


def trusted_weight(profile: Profile) -> float:
    """WEIGHT scaled by the share of the profile's examples the classifier misreads: none at
    USUAL_ERRORS or less, all from TRUSTED_ERRORS, linear between; WEIGHT when no example
    says."""
    known = (profile.read_as >= 0) & profile.tiles
    if not known.any():
        return WEIGHT
    errors = float(np.mean(profile.read_as[known] != profile.codes[known]))
    return WEIGHT * float(np.clip((errors - USUAL_ERRORS) / (TRUSTED_ERRORS - USUAL_ERRORS),
                                  0.0, 1.0))


def misread_codes(profile: Profile) -> np.ndarray:
    """Bool [43]: the codes the classifier read one of the profile's examples as, when the
    example is another code the profile holds (a correction, or a calibration photo's misread
    tile); the crops it reads as those are the ones its mistakes on this set lie among."""
    out = np.zeros(len(DETECTOR_CLASSES), bool)
    wrong = (profile.read_as >= 0) & profile.tiles & (profile.read_as != profile.codes)
    out[profile.read_as[wrong].astype(int)] = True
    return out


class ProfileReader:
    """Nearest-prototype reading of crops against one profile, mixed with the classifier."""

    def __init__(self, profile: Profile, weight: float | None = None,
                 temperature: float = TEMPERATURE):
        """`weight` None: WEIGHT scaled by how often the classifier misreads the examples."""
        self.profile, self.temperature = profile, temperature
        self.weight = trusted_weight(profile) if weight is None else weight
        self.full_weight = WEIGHT if weight is None else weight
        emb = profile.embeddings
        self.centre = emb.reshape(-1, emb.shape[-1]).mean(axis=0)
        self.present = np.unique(profile.codes[profile.tiles].astype(int))
        # the set's codes when it has no flowers (vision/detect/game_tiles.py), else None
        self.game_tiles = TILE_CODES if profile.without_flowers else None
        self.not_tiles = _unit(emb[profile.codes == NOT_TILE] - self.centre)  # [M, turns, D]
        groups = [(k, red) for k in self.present for red in (False, True)
                  if ((profile.codes == k) & (profile.red == red)).any()]
        self.group_code = np.array([int(np.searchsorted(self.present, k)) for k, _ in groups])
        self.group_red = np.array([red for _, red in groups], bool)
        self.misread_as = misread_codes(profile)
        self.prototypes = np.stack([  # [groups, turns, D]
            _unit(_unit(emb[(profile.codes == k) & (profile.red == red)] - self.centre)
                  .mean(axis=0)) for k, red in groups])

    def group_similarity(self, embeddings: np.ndarray) -> np.ndarray:
        """Cosine [N, groups] of each crop with the nearest turn of each prototype group (a code,
        or a code's red fives)."""
        z = _unit(np.asarray(embeddings, np.float32) - self.centre)
        return np.einsum("nd,god->ngo", z, self.prototypes).max(axis=2)

    def similarity(self, embeddings: np.ndarray) -> np.ndarray:
        """Cosine [N, K] of each crop with the nearest prototype of each code in `present`."""
        by_group = self.group_similarity(embeddings)
        if len(self.group_code) == len(self.present):  # no red fives: one group per code
            return by_group
        out = np.full((len(by_group), len(self.present)), -np.inf, np.float32)
        np.maximum.at(out.T, self.group_code, by_group.T)
        return out

    def not_tile(self, embeddings: np.ndarray, best: np.ndarray) -> np.ndarray:
        """Bool [N]: crops nearer one of the profile's "not a tile" examples than their best
        tile similarity `best` by MARGIN."""
        if not len(self.not_tiles):
            return np.zeros(len(best), bool)
        z = _unit(np.asarray(embeddings, np.float32) - self.centre)
        near = np.einsum("nd,mod->nmo", z, self.not_tiles).max(axis=(1, 2))
        return near > best + MARGIN

    @property
    def red_fives(self) -> tuple[str, ...]:
        """The fives whose red and plain ones the profile both knows: it says which are red
        (`looks_red`); the colour test (vision/detect/red_five.py) judges the others."""
        both = set(self.group_code[self.group_red]) & set(self.group_code[~self.group_red])
        return tuple(DETECTOR_CLASSES[self.present[g]] for g in sorted(both))

    def looks_red(self, embeddings: np.ndarray, codes: list[str]) -> np.ndarray:
        """Bool [N]: each crop, read as `codes`, is nearer that five's red prototypes than its
        plain ones (False for a code whose red fives the profile does not know)."""
        sim = self.group_similarity(embeddings)
        out = np.zeros(len(codes), bool)
        for i, code in enumerate(codes):
            k = DETECTOR_CLASSES.index(code)
            mine = self.group_code == np.searchsorted(self.present, k)
            if k in self.present and self.group_red[mine].any() and (~self.group_red[mine]).any():
                red, plain = mine & self.group_red, mine & ~self.group_red
                out[i] = sim[i, red].max() > sim[i, plain].max()
        return out

    def mix(self, probs: np.ndarray, embeddings: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """(mixed probabilities [N, 43], best similarity [N]) for the classifier's 43 tile
        probabilities and the crops' embeddings."""
        sim = self.similarity(embeddings)
        z = sim / self.temperature
        q = np.exp(z - z.max(axis=1, keepdims=True))
        q /= q.sum(axis=1, keepdims=True)
        absent = np.ones(probs.shape[1], bool)
        absent[self.present] = False
        proto = probs * absent  # codes the profile lacks keep the classifier's share
        proto[:, self.present] = q * (1.0 - proto.sum(axis=1, keepdims=True))
        # a crop the classifier reads as a code it misread the player's tiles as (a correction,
        # or a calibration photo's tile it got wrong) gets the profile's full say whatever the
        # set's trust: that is the mistake the player showed it
        w = np.where(self.misread_as[probs.argmax(axis=1)], self.full_weight,
                     self.weight)[:, None]
        return (1 - w) * probs + w * proto, sim.max(axis=1)

    def read(self, boxes, scores, probs, embeddings) -> list:
        """Detections of the boxes (as TileDetector's, with `uncertain` set) from the
        classifier's output [N, 43 or 44] and the crops' embeddings."""
        from vision.detect.detector import NOT_A_TILE, Detection, split_not_tile

        tile, empty = split_not_tile(probs)
        tile = tile / np.maximum(1.0 - empty, 1e-9)[:, None]
        mixed, best = self.mix(tile, embeddings)
        codes = [DETECTOR_CLASSES[int(p.argmax())] for p in mixed]
        red = self.looks_red(embeddings, codes) if self.red_fives else np.zeros(len(codes), bool)
        # a code the profile holds no picture of (a face-down tile, when no back was shown) is
        # the classifier's to judge: its sure readings of one are not dropped as the table
        absent = np.ones(tile.shape[1], bool)
        absent[self.present] = False
        table = self.not_tile(embeddings, best) & ~(
            absent[tile.argmax(axis=1)] & (tile.max(axis=1) >= SURE))
        dets = []
        for b, s, p, e, near, r, t in zip(boxes, scores, mixed, empty, best, red, table,
                                          strict=True):
            if t or (e >= NOT_A_TILE and (near < KEEP_EMPTY or self.weight < WEIGHT / 2)):
                continue
            k = int(p.argmax())
            dets.append(Detection(code=DETECTOR_CLASSES[k], box=tuple(float(v) for v in b),
                                  confidence=float(s * p[k] * (1.0 - min(e, NOT_A_TILE))),
                                  box_score=float(s), probs=p, red=bool(r),
                                  uncertain=bool(near < SIMILAR and p[k] < SURE)))
        return dets


def user_profile_dir() -> Path:
    """Where the app keeps a player's profiles (platformdirs' user data folder)."""
    from platformdirs import user_data_dir

    return Path(os.environ.get("MJLENS_PROFILE_DIR") or
                Path(user_data_dir("mjlens", appauthor=False)) / "profiles")


__all__ = ["FORMAT", "MAX_PER_CODE", "Profile", "ProfileError", "ProfileReader", "SUFFIX",
           "for_detector", "load_profile", "user_profile_dir"]
