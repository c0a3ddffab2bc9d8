"""Alt text and one-line captions of the notebooks' figures on the documentation site (tools/build_docs.py reads them).

A figure is named by the file its cell saves or shows (`figures/NAME.png` in the cell's source, in the order the cell
names them), or, for a figure that is no file, by `page:k` (its page and its place among the page's images, from 1).
A cell's own `#| fig-alt:` / `#| fig-cap:` directives win over this table. Each caption says what was measured, over
how many samples, and whether the figure draws intervals; every number in it is the notebook's own (its code, its
printed output or its prose). A spread over blocks, tasks or budgets is written "from a to b", never like an interval.
"""

CAPTIONS = {
    "spot_method": (
        "Two panels. Left: a grid of one block's positions against the rounds that decoded it, each cell coloured by "
        "what that round did there (committed earlier, drafted and accepted, the target's own commit, drafted and "
        "rejected) and showing its token. Right: the draft tree of one round, its accepted path in green",
        "SPOT at D = 8 on one block of the competent target's answer to its first test problem, T = 0: each column is "
        "one target forward; a middle dot stands for a space, ⏎ for a new line. One decode, drawn as it ran; no "
        "statistics, so no intervals."),
    "sdar_arith_training": (
        "Line plot: training loss per step and held-out masked-token loss of the SDAR-format target, falling over the "
        "run, with two jumps where the run was resumed under a longer budget",
        "The SDAR-format target's training run (Qwen3 weights, block 32, from scratch on both cores): training loss per "
        "step and held-out loss every 100 steps; one run, no intervals."),
    "sdar_arith_pretrained": (
        "Two line plots: the held-out next-token loss of the causal-LM phase, and the held-out masked-token loss of block "
        "diffusion against its tokens for the run from scratch and for the run after the causal phase",
        "The SDAR-format target's two runs: the second run's causal-LM phase (left), and block diffusion from scratch "
        "against block diffusion after that phase (right, log scale); held-out loss every 100 steps, one run each, no "
        "intervals."),
    "sdar_arith_wall": (
        "Dot plot with error bars: throughput of spot-auto, Spiffy and the chain against draft-free at D = 1, 2, 4 "
        "and 8 on the SDAR-format target",
        "Wall clock on 100 test problems of the SDAR-format target, one run on two workers, each decode against its "
        "own draft-free control; error bars: paired bootstrap 95% intervals."),
    "order_scale_curve": (
        "Line plot, log-scaled x: test next-commit accuracy of the OrderMLP and of the paper-sized encoder against the "
        "number of training trajectories, with error bars, and stale confidence as a dashed line",
        "The order model against its data: next-commit accuracy on the states a decode visits, 300 test problems of the "
        "competent target, at 600, 2,000, 5,000 and 15,000 training trajectories (the encoder at 600); error bars: "
        "95% bootstrap intervals over test problems."),
    "order_scale_wall": (
        "Dot plot with error bars: throughput of spot-auto, padded SPOT, Spiffy and the chain at D = 2 and D = 8 "
        "against draft-free, in a quiet run and a busy run",
        "Wall clock on 100 test problems of the competent target, each decode against its own draft-free control, in "
        "two runs under different loads (never pooled); error bars: paired bootstrap 95% intervals."),
    "target_loss": (
        "Line plot: training loss per step and held-out masked-token loss of the embedded target, falling over the run",
        "The embedded target's training run (1426 steps, 5.84 M tokens, 85 min): training loss per step and held-out "
        "masked-token loss every 100 steps; one run, no intervals."),
    "stale_coverage": (
        "Line plot: share of windows whose next K commits lie in the stale top-n candidates, for K from 1 to 8 and "
        "n of 1, 2, 4 and 8",
        "Stale coverage on 300 draft-free trajectories of the embedded target: the share of (state, horizon) windows "
        "whose "
        "next K commits all lie in the stale top-n; pooled over blocks, no intervals."),
    "stale_decay_by_block": (
        "Line plot by block index: stale argmax right, and the stale top-confidence position committing next",
        "Stale knowledge by block on the same 300 trajectories: the stale argmax is the committed token, and the stale "
        "top-confidence position commits next; shares per block, no intervals."),
    "oracle_ceiling": (
        "Four panels, one per task: throughput of the live oracles against draft-free as the draft budget D grows, "
        "with error bars",
        "Live-oracle throughput against draft-free on this CPU, D from 1 to 20, four tasks × 30 samples, 256 tokens, "
        "T = 0; error bars: paired bootstrap 95% intervals."),
    "order_model_plateau": (
        "Line plot: held-out next-commit accuracy per epoch of two order models, with the shipped model's accuracy "
        "as a dotted line",
        "Order-model training to a plateau: held-out next-commit accuracy per epoch (1,000 trajectories; 500 code "
        "trajectories) beside the shipped model's; one run each, no intervals."),
    "sampling_props": (
        "Four panels: chi-squared p-values per test, empirical against exact trajectory probabilities, rejection-"
        "sampling acceptance against 1 − TV, and shared-Gumbel agreement against TV with its bound",
        "Exactness checks at CI size: (a) χ² p-values against α = 10⁻³, (b) trajectory laws, (c) "
        "rejection-sampling acceptance (n per point in its title), (d) the coupling bound; tests, not intervals."),
    "spot_vs_oracles": (
        "Panels per task: SPOT, SPOT-γ and the live oracles against draft-free as the draft budget grows, with error "
        "bars",
        "SPOT and the live oracles against draft-free, four tasks × 30 samples, 256 tokens, T = 0, from notebook 50's "
        "records; error bars: paired bootstrap 95% intervals."),
    "bench_harness:1": (
        "Bar chart of the harness's summary for a small grid: draft-free and SPOT at D = 1 on GSM8K and HumanEval",
        "The harness's own figure for a smoke-test grid: GSM8K and HumanEval, 2 samples each, 32 tokens, draft-free "
        "and SPOT at D = 1; means of 2, no intervals."),
    "harness_issue_run": (
        "Bar charts per task: NFE, tokens per round and throughput of draft-free and SPOT at D = 1 and 8",
        "The issue's run: four tasks × 5 samples, 256 tokens, draft-free and SPOT at D of 1 and 8 (60 decodes); "
        "per-task means, no intervals."),
    "acceptance_reliability": (
        "Six reliability panels by temperature and tree depth: predicted acceptance probability against observed "
        "frequency, raw prefix mass and calibrated, for two scorers",
        "Acceptance of SPOT's drafts, predicted against observed, raw prefix mass and calibrated out of fold, two "
        "scorers; 40 prompts × 128 tokens per scorer and temperature; ECE in the legends, no intervals."),
    "cost_aware": (
        "Four panels, one per task: throughput ratio against draft-free for fixed budgets, SPOT-γ and the "
        "cost-aware budget, measured on this CPU",
        "Cost-aware budget against fixed budgets, measured on this CPU: 4 prompts per task decoded twice (8 decodes "
        "per ratio), 128 tokens, T = 0; point estimates, no intervals."),
    "cost_aware_h200": (
        "Four panels, one per task: the same comparison with ratios modelled for an 8B target on one H200",
        "The same grid's ratios modelled for an 8B target on one H200 (a cost model applied to the measured rounds, "
        "not a GPU measurement); 8 decodes per task, no intervals."),
    "f8_mbpp_d20": (
        "Two line plots by block: the previous round's top-confidence position committing next, and accepted tokens "
        "per drafted round, for SPOT and the baselines, with the paper's curve dotted",
        "Inside the D20 decodes on MBPP (30 samples, T = 0), by block: top position commits next, and accepted tokens "
        "per drafted round; shares pooled over rounds, no intervals."),
    "table20_n30": (
        "Two panels by draft budget: SPOT's NFE reduction and its throughput against draft-free, one line per task, "
        "with error bars",
        "SPOT's budget curve, D from 1 to 20: NFE reduction and throughput on this CPU against draft-free, four tasks "
        "× "
        "30 samples, 256 tokens, T = 0; error bars: paired bootstrap 95% intervals."),
    "arith_training": (
        "Log-scale line plot: training loss and held-out answer loss of the competent target over its block-diffusion "
        "steps",
        "The competent target's block-diffusion phase (after its causal-LM phase): masked-token cross-entropy, "
        "training "
        "(20-step mean) and held-out answers; one run, no intervals."),
    "arith_f8": (
        "Two line plots by block: SPOT's stale knowledge (top position still commits, stale argmax right) and accepted "
        "drafts per drafted round for SPOT and the baselines",
        "Inside the D20 decodes on the competent target (held-out problems, T = 0), by block: stale knowledge and "
        "accepted drafts per drafted round; shares pooled over rounds, no intervals."),
    "arith_competence": (
        "Two scatter plots against stale-argmax accuracy: SPOT's NFE cut at D8 and its share of the oracles' savings, "
        "for three checkpoints, the general target and SDAR-8B",
        "SPOT's gain against the target's competence: the competent target's 10%, 30% and final checkpoints (100 "
        "decodes each), the general target and the paper's SDAR-8B (its bar spans the paper's range across tasks, not "
        "an interval); means, no intervals."),
}
# notebook 15 shows them through a variable (FIGS / ...)
CAPTIONS["paper_stale_coverage:1"] = CAPTIONS["stale_coverage"]
CAPTIONS["paper_stale_coverage:2"] = CAPTIONS["stale_decay_by_block"]
