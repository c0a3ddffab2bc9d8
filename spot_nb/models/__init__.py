"The targets: the embedded SpotDLM and the adapters for real checkpoints. Importing this package registers every module's adapter with `spot_nb.target.load_target`."
import importlib, pkgutil
for _m in pkgutil.iter_modules(__path__): importlib.import_module(f"{__name__}.{_m.name}")
