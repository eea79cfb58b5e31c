"""The built-in labs, proved: each lab's reference client (written from the seed) passes
`tvsim lab check` against `tvsim serve --lab`, and each variant that gets one goal wrong fails it,
naming that goal."""

import json
import subprocess

import pytest

from lab_clients import LABS
from tvsim_server import RunningServer, wait_for_binary


def check(lab, base_url):
    """`tvsim lab check LAB --server URL --json`: its exit status and the one client's goals."""
    run = subprocess.run([str(wait_for_binary()), "lab", "check", lab, "--server", base_url, "--json"],
                         capture_output=True, text=True, timeout=60)
    report = json.loads(run.stdout)
    assert len(report["clients"]) == 1, report
    return run.returncode, {goal["id"]: goal for goal in report["clients"][0]["goals"]}, run.stderr


@pytest.mark.parametrize("lab", sorted(LABS))
def test_the_reference_client_meets_every_goal(lab):
    with RunningServer("--lab", lab) as server:
        LABS[lab](server.base_url).run()
        status, goals, stderr = check(lab, server.base_url)
    assert status == 0, (stderr, goals)
    assert {goal["outcome"] for goal in goals.values()} == {"met"}


@pytest.mark.parametrize("lab,goal", [(lab, goal) for lab in sorted(LABS) for goal in sorted(LABS[lab].BREAKS)])
def test_a_client_that_gets_one_goal_wrong_fails_it_by_name(lab, goal):
    with RunningServer("--lab", lab) as server:
        LABS[lab](server.base_url, broken=goal).run()
        status, goals, stderr = check(lab, server.base_url)
    assert status == 1
    assert goals[goal]["outcome"] != "met", (LABS[lab].BREAKS[goal], goals[goal])
    assert "not met: " in stderr and f"{goal} (" in stderr, stderr


def test_every_built_in_lab_has_a_reference_client():
    listing = subprocess.run([str(wait_for_binary()), "lab", "list"], capture_output=True, text=True, timeout=60)
    names = [line.split()[0] for line in listing.stdout.splitlines() if not line.endswith(" labs")]
    assert sorted(names) == sorted(LABS), listing.stdout
