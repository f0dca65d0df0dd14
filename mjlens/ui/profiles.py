"""The player's tile profiles in the app ("My tiles"): kept as files in the user's data folder
(vision.detect.profile.user_profile_dir: platformdirs, or $MJLENS_PROFILE_DIR), one of them
active. No Streamlit here: views_profiles.py draws the panel.

Every correction a player makes to a photo's tile goes into the active profile at once (`learn`):
the tile's crop, embedded by the classifier, becomes one more example of the code chosen.
"""

from __future__ import annotations

import re
from pathlib import Path

import numpy as np

from scoring.tiles import DETECTOR_CLASSES
from vision.detect.profile import SUFFIX, Profile, ProfileError, ProfileReader, for_detector
from vision.detect.profile import user_profile_dir as _default_dir

ACTIVE = "active.txt"  # the active profile's file name, kept beside the profiles


def profile_dir() -> Path:
    return _default_dir()


def _safe(name: str) -> str:
    """A file name for a profile name (letters, digits, CJK, - and _ kept)."""
    stem = re.sub(r"[^\w\-]+", "_", name.strip(), flags=re.UNICODE).strip("_") or "tiles"
    return stem[:60] + SUFFIX


def names() -> list[str]:
    """The profiles' file names, sorted."""
    d = profile_dir()
    return sorted(p.name for p in d.glob("*" + SUFFIX)) if d.is_dir() else []


def path_of(file: str) -> Path:
    return profile_dir() / Path(file).name


def active() -> str | None:
    """The active profile's file name (None: read without a profile)."""
    try:
        file = (profile_dir() / ACTIVE).read_text(encoding="utf-8").strip()
    except OSError:
        return None
    return file if file in names() else None


def set_active(file: str | None) -> None:
    d = profile_dir()
    d.mkdir(parents=True, exist_ok=True)
    tmp = d / (ACTIVE + ".tmp")
    tmp.write_text(file or "", encoding="utf-8")
    tmp.replace(d / ACTIVE)


def load(file: str) -> Profile:
    return Profile.load(path_of(file))


def names_in_use(but: str | None = None) -> set[str]:
    """The names of the kept profiles (but the one in file `but`); a file that cannot be read
    is listed by its file name, as the chooser shows it."""
    out = set()
    for file in names():
        if file != but:
            try:
                out.add(load(file).name)
            except ProfileError:
                out.add(file)
    return out


def unique_name(name: str, but: str | None = None) -> str:
    """`name`, or `name (2)`, `name (3)`... when another profile has it: the chooser names
    profiles by name, so two of one name could not be told apart (nor chosen apart)."""
    taken = names_in_use(but)
    out, k = name, 2
    while out in taken:
        out, k = f"{name} ({k})", k + 1
    return out


def save_new(profile: Profile) -> str:
    """Save under a name and a file name of its own (a number added when one is taken)."""
    profile.name = unique_name(profile.name)
    file = _safe(profile.name)
    taken = set(names())
    k = 2
    while file in taken:
        file = _safe(f"{profile.name}-{k}")
        k += 1
    profile.save(path_of(file))
    return file


def rename(file: str, new_name: str) -> str | None:
    """Give the profile in `file` a new name; the reason it cannot be ("empty": no name,
    "taken": another profile's), else None."""
    new_name = new_name.strip()
    if not new_name:
        return "empty"
    p = load(file)
    if new_name == p.name:
        return None
    if new_name in names_in_use(but=file):
        return "taken"
    p.name = new_name
    p.save(path_of(file))
    return None


def delete(file: str) -> None:
    if active() == file:
        set_active(None)
    path_of(file).unlink(missing_ok=True)


def import_bytes(data: bytes, filename: str = "profile", detector=None) -> str:
    """Check an uploaded profile file (ProfileError when it is none, or, given the `detector`,
    when that reader cannot use it: no tiles, or made with another reader and keeping no
    pictures) and keep it (named as its file when it has no name)."""
    profile = Profile.from_bytes(data, filename)
    if detector is not None:  # refused now, not at every photo read after "Imported"
        profile = for_detector(profile, detector, filename)
    profile.name = profile.name.strip() or Path(filename).stem or "tiles"
    return save_new(profile)


def reader(detector) -> ProfileReader | None:
    """The active profile's reader for `detector` (re-embedded if made with another model and
    saved so, refused with ProfileError when it cannot be), or None."""
    file = active()
    if file is None:
        return None
    profile = load(file)
    usable = for_detector(profile, detector, file)
    if usable is not profile:
        usable.save(path_of(file))
    return ProfileReader(usable)


def calibrate(detector, photo: bytes, tiles: str, name: str, photo_name: str = "") -> str:
    """A new profile from one photo and its tile list (vision.detect.calibrate); saved, made
    active, its file name returned. CalibrationError says what did not match, naming the photo
    as the player chose it (`photo_name`), ImageReadError a photo that cannot be read."""
    from vision.detect.calibrate import CalibrationError, new_profile, parse_listed, photo_examples
    from vision.detect.calibrate import M as CM
    from vision.detect.imageio import M as IM
    from vision.detect.imageio import load_image

    shown = photo_name or IM("this_file")
    listed = parse_listed(tiles)
    if not listed:
        raise CalibrationError(CM("no_tiles", photo=shown))
    image = load_image(photo)
    profile = new_profile(detector, name)
    codes, red = zip(*listed, strict=True)
    profile.add(*photo_examples(detector, image, codes, shown, red))
    file = save_new(profile)
    set_active(file)
    return file


def learn_table(detector, photo: bytes, photo_name: str = "") -> int:
    """The active profile grown with every box found on a photo of the bare table, as "not a
    tile" (vision.detect.calibrate.add_table_photos); how many were learnt. CalibrationError
    when the profile has no tiles yet or the photo shows tiles (naming it as the player chose
    it: `photo_name`), ImageReadError a photo that cannot be read."""
    from vision.detect.calibrate import add_table_photos

    file = active()
    if file is None:
        return 0
    profile = load(file)
    if profile.tiles.any():
        profile = for_detector(profile, detector, file)
    before = profile.not_tiles
    # read from its bytes: "This file" if bad
    add_table_photos(detector, profile, [photo], [photo_name] if photo_name else None)
    profile.save(path_of(file))
    return profile.not_tiles - before


def learn(detector, image, box, code: str | None) -> bool:
    """Add the crop of `box` (pixels of the decoded photo `image.pixels`) as an example of
    `code` to the active profile, or with `code` None as "not a tile" (a spot of the player's
    table); False when there is no active profile, nothing to crop, or (for "not a tile") no
    tile in the profile yet to tell it from."""
    file = active()
    if file is None or box is None or code == "back":
        return False
    profile = load(file)
    if code is None and not profile.tiles.any():
        return False
    if len(profile):
        profile = for_detector(profile, detector, file)
    crops = detector.crops_of(image.pixels, np.array([box], float))
    probs, emb = detector.embed_crops(crops)
    if code is None:
        profile.add_not_tiles(crops, emb)
    else:
        profile.add([code], crops, emb, probs[:, :len(DETECTOR_CLASSES)].argmax(axis=1))
    profile.save(path_of(file))
    return True


__all__ = ["ProfileError", "active", "calibrate", "delete", "import_bytes", "learn",
           "learn_table", "load",
           "names", "names_in_use", "profile_dir", "reader", "rename", "save_new", "set_active",
           "unique_name"]
