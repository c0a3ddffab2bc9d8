"""Every drafter of spot_nb, each named once in the registry `spot_nb.registry.DRAFTERS`. Importing this package imports
each module of the folder, so a `Drafter` subclass with a `name` saved here is registered for `make_drafter` too."""
import importlib, pkgutil
from spot_nb.drafters.base import DRAFTERS, Drafter, make_drafter
for _m in pkgutil.iter_modules(__path__): importlib.import_module(f"{__name__}.{_m.name}")
