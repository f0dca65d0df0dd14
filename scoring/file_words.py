"""Why a file could not be read or written, in the reader's language: the operating system's
own text ('[Errno 2] No such file or directory') is English whatever `--lang` says."""

from __future__ import annotations

import errno

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
