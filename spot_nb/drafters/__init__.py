"Every drafter of spot_nb. Importing this package imports each module of the folder, so each `Drafter` subclass with a `name` is registered for `make_drafter`."
import importlib, pkgutil
from spot_nb.drafters.base import DRAFTERS, Drafter, make_drafter
for _m in pkgutil.iter_modules(__path__): importlib.import_module(f"{__name__}.{_m.name}")
