"""Yukon's research-only searches: the opt-in swap components
(``swap_components``, the search option ``--swap-components``)."""
