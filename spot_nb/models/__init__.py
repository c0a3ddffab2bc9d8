"The targets' model code: the embedded SpotDLM. Importing this package registers its adapter with `spot_nb.target.load_target`."
from . import spot_dlm
