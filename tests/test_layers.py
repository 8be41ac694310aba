"""The package's layers run one way: no import cycles, and each layer imports
only those below it (docs/adding-a-game.md lists them).

Imports are read from the source (every ``import`` statement, also those
inside functions: a lazy import is a dependency all the same)."""
import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "solitaire"

# Modules a layer may import, by prefix.  The lowest layers first.
VALUE_OBJECTS = ("solitaire.cards", "solitaire.notation", "solitaire.deals", "solitaire.deal_ranges",
                 "solitaire.rules", "solitaire.verdicts", "solitaire.scene")
ALLOWED = {
    "solitaire.jit": ("solitaire.jit",),
    "solitaire.search": ("solitaire.jit", "solitaire.search"),
    "solitaire.games.base": VALUE_OBJECTS,
}
GAME_LAYER = (*VALUE_OBJECTS, "solitaire.jit", "solitaire.games.base")


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports_of(path: Path) -> set[str]:
    """The solitaire modules ``path`` imports (``from a import b`` counts
    ``a.b`` when that is a module, else ``a``)."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            for alias in node.names:
                sub = f"{node.module}.{alias.name}"
                found.add(sub if sub in MODULES else node.module)
    return {name for name in found if name == "solitaire" or name.startswith("solitaire.")}


MODULES = {module_name(p): p for p in PACKAGE.rglob("*.py")}
GRAPH = {name: imports_of(path) for name, path in MODULES.items()}


def test_the_graph_sees_the_package():
    assert len(MODULES) > 60
    assert "solitaire.search.contract" in GRAPH["solitaire.search.dfs"]


def test_no_import_cycles():
    """Depth-first search for a back edge; the package's own ``__init__``
    (the public API, imported implicitly by every submodule) is left out."""
    graph = {m: {i for i in deps if i != "solitaire"} for m, deps in GRAPH.items() if m != "solitaire"}
    state: dict[str, int] = {}
    cycle: list[str] = []

    def visit(m: str, path: list[str]) -> bool:
        state[m] = 1
        for n in sorted(graph.get(m, ())):
            if state.get(n) == 1:
                cycle.extend(path[path.index(n):] + [n] if n in path else [m, n])
                return True
            if n not in state and visit(n, path + [n]):
                return True
        state[m] = 2
        return False

    for m in sorted(graph):
        if m not in state and visit(m, [m]):
            break
    assert not cycle, " -> ".join(cycle)


@pytest.mark.parametrize("layer", sorted(ALLOWED))
def test_low_layers_import_only_what_is_below(layer):
    for name, deps in GRAPH.items():
        if name == layer or name.startswith(layer + "."):
            bad = [d for d in deps if not d.startswith(ALLOWED[layer]) and d != "solitaire"]
            assert not bad, f"{name} imports {bad}"


def test_games_import_no_engine_and_no_other_game():
    games = {name.split(".")[2] for name in MODULES if name.count(".") >= 2 and name.startswith("solitaire.games.")
             and name.split(".")[2] not in ("base", "registry")}
    assert games == {"klondike", "pyramid", "yukon", "bakers_dozen"}
    for name, deps in GRAPH.items():
        parts = name.split(".")
        if len(parts) >= 3 and parts[1] == "games" and parts[2] in games:
            own = f"solitaire.games.{parts[2]}"
            bad = [d for d in deps if not d.startswith((own, *GAME_LAYER)) and d not in ("solitaire", "solitaire.games")]
            assert not bad, f"{name} imports {bad}"


def test_the_search_engines_import_no_game():
    for name, deps in GRAPH.items():
        if name.startswith("solitaire.search"):
            assert not [d for d in deps if d.startswith("solitaire.games")], name
