"""The ledger on a real PostgreSQL: a throw-away cluster on a local socket (Debian's
`postgresql`, which scripts/test.sh installs), the same game as on SQLite, and two processes
adding hands to one table at once. Under CI a missing PostgreSQL fails instead of skipping."""

from __future__ import annotations

import glob
import os
import shutil
import subprocess
import sys
import tempfile
import textwrap
from pathlib import Path

import pytest

from mjlens.ledger import entries
from mjlens.ledger.store import Ledger

ROOT = Path(__file__).resolve().parents[1]
PLAYERS = ["Ann", "Bo", "Cy", "Di"]


def _bin(name: str) -> str | None:
    found = sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}")) or \
        ([shutil.which(name)] if shutil.which(name) else [])
    return found[-1] if found else None


def _as_postgres(cmd: list[str]) -> list[str]:
    """PostgreSQL refuses to run as root: run it as the `postgres` user Debian creates."""
    if os.geteuid() != 0:
        return cmd
    return ["runuser", "-u", "postgres", "--", *cmd]


@pytest.fixture(scope="module")
def pg_url():
    initdb, pg_ctl = _bin("initdb"), _bin("pg_ctl")
    if not (initdb and pg_ctl):
        if os.environ.get("CI"):
            pytest.fail("PostgreSQL is not installed (scripts/test.sh installs Debian's postgresql)")
        pytest.skip("PostgreSQL is not installed")
    top = Path(tempfile.mkdtemp(prefix="mjlens-pg-"))
    data, sock = top / "data", top / "sock"
    sock.mkdir()
    if os.geteuid() == 0:
        shutil.chown(top, "postgres")
        shutil.chown(sock, "postgres")
    subprocess.run(_as_postgres([initdb, "-D", str(data), "-U", "postgres", "-A", "trust",
                                 "--no-sync"]), check=True, capture_output=True)
    subprocess.run(_as_postgres([pg_ctl, "-D", str(data), "-w", "-l", str(top / "log"), "-o",
                                 f"-k {sock} -c listen_addresses='' -F", "start"]),
                   check=True, capture_output=True)
    try:
        yield f"postgresql+psycopg://postgres@/postgres?host={sock}"
    finally:
        subprocess.run(_as_postgres([pg_ctl, "-D", str(data), "-m", "immediate", "stop"]),
                       capture_output=True)
        shutil.rmtree(top, ignore_errors=True)


def test_a_game_on_postgresql(pg_url):
    lg = Ledger(pg_url)
    lg.new_table("PG", PLAYERS, "gb")
    lg.add("PG", entries.from_notation("123m 456p 789s 11z 55s +5s", winner=1, discarder=3))
    lg.add("PG", entries.from_notation("123m 456p 789s 11z 55s *5s", winner=2))
    view = Ledger(pg_url).table(lg.table("PG").code)  # found again by its code
    assert view.totals == [-28, 14, 52, -38]  # [-8, 34, -8, -18] + Cy self-drawn 20 each
    assert [h.dealer for h in view.hands] == [0, 1] and view.deal.dealer == 2
    lg.undo("PG")
    assert Ledger(pg_url).table("PG").totals == [-8, 34, -8, -18]


_ADDER = textwrap.dedent("""
    import sys
    from mjlens.ledger import entries
    from mjlens.ledger.store import Ledger
    lg = Ledger(sys.argv[1])
    for _ in range(6):
        lg.add("PC", entries.from_notation("123m 456m 789m 11p 55p *5p", winner=int(sys.argv[2])))
""")


def test_two_processes_adding_at_once_on_postgresql(pg_url):
    Ledger(pg_url).new_table("PC", PLAYERS, "sichuan")
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    procs = [subprocess.Popen([sys.executable, "-c", _ADDER, pg_url, str(w)], env=env,
                              stderr=subprocess.PIPE, text=True) for w in (0, 1)]
    for p in procs:
        _, err = p.communicate(timeout=120)
        assert p.returncode == 0, err
    view = Ledger(pg_url).table("PC")
    assert [h.seq for h in view.hands] == list(range(1, 13))
    assert sorted(h.winners[0] for h in view.hands) == [0] * 6 + [1] * 6
    assert sum(view.totals) == 0 and view.totals[0] == view.totals[1] > 0
