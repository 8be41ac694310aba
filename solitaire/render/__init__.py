"""Pictures of positions (SVG) and the solution page (one self-contained HTML file).

``position_svg(state)`` draws a reference-engine position, ``deal_svg(deal)``
a deal as play starts, ``solution_page(solution)`` the page that steps
through a solution file's moves.  Every picture is built from one scene per
position (``scene_of``), so the SVG and the page agree on where each card lies.
"""
from solitaire.render.page import PageError, solution_page, write_solution_page
from solitaire.render.scene import UnknownPicture, game_of, scene_of
from solitaire.render.svg import deal_svg, position_svg, scene_svg
from solitaire.scene import Scene

__all__ = ["PageError", "Scene", "UnknownPicture", "deal_svg", "game_of", "position_svg", "scene_of", "scene_svg",
           "solution_page", "write_solution_page"]
