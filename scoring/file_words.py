"""Why a file could not be read or written, in the reader's language: the operating system's
own text ('[Errno 2] No such file or directory') is English whatever `--lang` says. And a file's
bytes as text, whichever of the usual encodings an editor saved it in."""

from __future__ import annotations

import codecs
import errno
import json
import sys

from scoring.messages import Catalog, Msg

M = Catalog("file", {
    "missing": ("there is no such file or folder", "找不到这个文件或文件夹"),
    "denied": ("permission denied", "没有权限"),
    "folder": ("it is a folder, not a file", "这是文件夹，不是文件"),
    "not_folder": ("a part of the path is not a folder", "路径中有一段不是文件夹"),
    "full": ("the disk is full", "磁盘已满"),
    "other": ("the system could not do it", "系统无法完成"),
})

_BY_ERRNO = {errno.ENOENT: "missing", errno.EACCES: "denied", errno.EPERM: "denied",
             errno.EISDIR: "folder", errno.ENOTDIR: "not_folder", errno.ENOSPC: "full"}


def os_reason(error: OSError) -> Msg:
    """The reason of an OSError as a sentence for the reader."""
    return M(_BY_ERRNO.get(error.errno, "other"))


def text_of(data: bytes) -> str:
    """The text of a file's bytes: UTF-8, with the byte-order mark Windows Notepad writes
    dropped, or UTF-16 with its mark (PowerShell's `>` and `Out-File` write it). Anything else
    raises UnicodeDecodeError, which the caller words for its reader."""
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        return data.decode("utf-16")
    return data.decode("utf-8-sig")


def read_text(path: str) -> str:
    """The text of a file, or of standard input for `-` (as `text_of` reads bytes); raises
    OSError and UnicodeDecodeError."""
    if path != "-":
        with open(path, "rb") as fh:
            return text_of(fh.read())
    buffer = getattr(sys.stdin, "buffer", None)
    if buffer is None:  # a text stream already (an embedding program, the tests)
        return sys.stdin.read().removeprefix("\ufeff")
    return text_of(buffer.read())


def json_of(text: str):
    """json.loads for a player's text: JSON nested thousands deep (a RecursionError in Python's
    parser, a traceback) is raised as a JSONDecodeError at its start, which each reader words
    as it words any text that is not JSON."""
    try:
        return json.loads(text)
    except RecursionError:
        raise json.JSONDecodeError("nested too deeply", text, 0) from None
