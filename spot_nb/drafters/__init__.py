"""Every drafter of spot_nb, each named once in the registry `spot_nb.registry.DRAFTERS` (notebook 01) and built by name
with `make_drafter`; another package's drafters reach it through `spot_nb.drafters` entry points, as its tasks and
checkpoint families do through theirs."""
from spot_nb.drafters.base import DRAFTERS, Drafter, make_drafter
