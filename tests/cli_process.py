"""Run the CLI in a child process that Ctrl-C (SIGINT) can interrupt."""
import signal
import subprocess
import sys

CLI = [sys.executable, "-c", "from solitaire.cli import main; main()"]


def _interruptible() -> None:
    """A shell starts background jobs with SIGINT ignored, and a child keeps
    that (Python then installs no Ctrl-C handler): the Ctrl-C tests must not
    depend on how pytest itself was started."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def start_cli(args: list[str]) -> subprocess.Popen:
    return subprocess.Popen(CLI + args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            preexec_fn=_interruptible)
