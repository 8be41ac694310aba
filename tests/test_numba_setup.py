"""What importing the package does to numba, seen from a fresh process."""
import subprocess
import sys


def _run(code: str) -> str:
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


def test_a_solve_does_not_import_scipy_linalg():
    out = _run("import sys, solitaire as sol\n"
               "r = sol.solve(sol.deal('yukon', 24))\n"
               "print(r.verdict, 'numba.np.arraymath' in sys.modules, 'scipy.linalg' in sys.modules)")
    assert out == "solved True False"


def test_numba_linear_algebra_still_works_after_import():
    out = _run("import numpy as np, numba, solitaire\n"
               "from numba.np import arraymath\n"
               "@numba.njit\n"
               "def f(a, b):\n"
               "    return np.dot(a, b), np.correlate(a, b)[0]\n"
               "a = np.array([1.0, 2.0, 3.0]); b = np.array([4.0, 5.0, 6.0])\n"
               "print(f(a, b), arraymath._HAVE_BLAS)")
    assert out == "(32.0, 32.0) True"
