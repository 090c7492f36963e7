"""The generated methods of ctlstark's records, compiled ahead of time.

Written by `python -m ctlstark.precompile`; read by `records._maker`. Do not edit.
"""

MAKERS = {}  # source -> its function, which returns the generated methods by name


def _methods(_MISSING, _default_acknowledged, _default_expired, _factory_finished, _factory_watcher_done, _set):
    def __init__(self, seconds, thread, finished=_MISSING, watcher_done=_MISSING, expired=_default_expired, acknowledged=_default_acknowledged):
        self.seconds = seconds
        self.thread = thread
        self.finished = _factory_finished() if finished is _MISSING else finished
        self.watcher_done = _factory_watcher_done() if watcher_done is _MISSING else watcher_done
        self.expired = expired
        self.acknowledged = acknowledged
    return {'__init__': __init__}


MAKERS["def _methods(_MISSING, _default_acknowledged, _default_expired, _factory_finished, _factory_watcher_done, _set):\n    def __init__(self, seconds, thread, finished=_MISSING, watcher_done=_MISSING, expired=_default_expired, acknowledged=_default_acknowledged):\n        self.seconds = seconds\n        self.thread = thread\n        self.finished = _factory_finished() if finished is _MISSING else finished\n        self.watcher_done = _factory_watcher_done() if watcher_done is _MISSING else watcher_done\n        self.expired = expired\n        self.acknowledged = acknowledged\n    return {'__init__': __init__}\n"] = _methods  # noqa: F811


def _methods(_MISSING, _default_action_bits, _default_compassion, _set):
    def __init__(self, system, satisfied, fair, fairness, obligations, preimage, action_bits=_default_action_bits, compassion=_default_compassion):
        _set(self, 'system', system)
        _set(self, 'satisfied', satisfied)
        _set(self, 'fair', fair)
        _set(self, 'fairness', fairness)
        _set(self, 'obligations', obligations)
        _set(self, 'preimage', preimage)
        _set(self, 'action_bits', action_bits)
        _set(self, 'compassion', compassion)
    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.system,self.satisfied,self.fair,self.fairness,self.obligations,self.preimage,self.action_bits,self.compassion,) == (other.system,other.satisfied,other.fair,other.fairness,other.obligations,other.preimage,other.action_bits,other.compassion,)
        return NotImplemented
    def __hash__(self):
        return hash((self.system,self.satisfied,self.fair,self.fairness,self.obligations,self.preimage,self.action_bits,self.compassion,))
    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}


MAKERS["def _methods(_MISSING, _default_action_bits, _default_compassion, _set):\n    def __init__(self, system, satisfied, fair, fairness, obligations, preimage, action_bits=_default_action_bits, compassion=_default_compassion):\n        _set(self, 'system', system)\n        _set(self, 'satisfied', satisfied)\n        _set(self, 'fair', fair)\n        _set(self, 'fairness', fairness)\n        _set(self, 'obligations', obligations)\n        _set(self, 'preimage', preimage)\n        _set(self, 'action_bits', action_bits)\n        _set(self, 'compassion', compassion)\n    def __eq__(self, other):\n        if other.__class__ is self.__class__:\n            return (self.system,self.satisfied,self.fair,self.fairness,self.obligations,self.preimage,self.action_bits,self.compassion,) == (other.system,other.satisfied,other.fair,other.fairness,other.obligations,other.preimage,other.action_bits,other.compassion,)\n        return NotImplemented\n    def __hash__(self):\n        return hash((self.system,self.satisfied,self.fair,self.fairness,self.obligations,self.preimage,self.action_bits,self.compassion,))\n    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}\n"] = _methods  # noqa: F811


def _methods(_MISSING, _default_actions, _default_bare_hint, _default_qualified, _factory_bare, _set):
    def __init__(self, description, bare=_MISSING, qualified=_default_qualified, actions=_default_actions, bare_hint=_default_bare_hint):
        self.description = description
        self.bare = _factory_bare() if bare is _MISSING else bare
        self.qualified = qualified
        self.actions = actions
        self.bare_hint = bare_hint
    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.description,self.bare,self.qualified,self.actions,self.bare_hint,) == (other.description,other.bare,other.qualified,other.actions,other.bare_hint,)
        return NotImplemented
    return {'__init__': __init__, '__eq__': __eq__}


MAKERS["def _methods(_MISSING, _default_actions, _default_bare_hint, _default_qualified, _factory_bare, _set):\n    def __init__(self, description, bare=_MISSING, qualified=_default_qualified, actions=_default_actions, bare_hint=_default_bare_hint):\n        self.description = description\n        self.bare = _factory_bare() if bare is _MISSING else bare\n        self.qualified = qualified\n        self.actions = actions\n        self.bare_hint = bare_hint\n    def __eq__(self, other):\n        if other.__class__ is self.__class__:\n            return (self.description,self.bare,self.qualified,self.actions,self.bare_hint,) == (other.description,other.bare,other.qualified,other.actions,other.bare_hint,)\n        return NotImplemented\n    return {'__init__': __init__, '__eq__': __eq__}\n"] = _methods  # noqa: F811


def _methods(_MISSING, _default_actions, _set):
    def __init__(self, prefix, loop, actions=_default_actions):
        _set(self, 'prefix', prefix)
        _set(self, 'loop', loop)
        _set(self, 'actions', actions)
        self.__post_init__()
    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.prefix,self.loop,self.actions,) == (other.prefix,other.loop,other.actions,)
        return NotImplemented
    def __hash__(self):
        return hash((self.prefix,self.loop,self.actions,))
    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}


MAKERS["def _methods(_MISSING, _default_actions, _set):\n    def __init__(self, prefix, loop, actions=_default_actions):\n        _set(self, 'prefix', prefix)\n        _set(self, 'loop', loop)\n        _set(self, 'actions', actions)\n        self.__post_init__()\n    def __eq__(self, other):\n        if other.__class__ is self.__class__:\n            return (self.prefix,self.loop,self.actions,) == (other.prefix,other.loop,other.actions,)\n        return NotImplemented\n    def __hash__(self):\n        return hash((self.prefix,self.loop,self.actions,))\n    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}\n"] = _methods  # noqa: F811


def _methods(_MISSING, _default_as_json, _default_dot_file, _default_full_states, _default_html_file, _default_reproducible, _default_stats, _default_witness, _set):
    def __init__(self, as_json=_default_as_json, stats=_default_stats, witness=_default_witness, dot_file=_default_dot_file, reproducible=_default_reproducible, full_states=_default_full_states, html_file=_default_html_file):
        _set(self, 'as_json', as_json)
        _set(self, 'stats', stats)
        _set(self, 'witness', witness)
        _set(self, 'dot_file', dot_file)
        _set(self, 'reproducible', reproducible)
        _set(self, 'full_states', full_states)
        _set(self, 'html_file', html_file)
    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.as_json,self.stats,self.witness,self.dot_file,self.reproducible,self.full_states,self.html_file,) == (other.as_json,other.stats,other.witness,other.dot_file,other.reproducible,other.full_states,other.html_file,)
        return NotImplemented
    def __hash__(self):
        return hash((self.as_json,self.stats,self.witness,self.dot_file,self.reproducible,self.full_states,self.html_file,))
    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}


MAKERS["def _methods(_MISSING, _default_as_json, _default_dot_file, _default_full_states, _default_html_file, _default_reproducible, _default_stats, _default_witness, _set):\n    def __init__(self, as_json=_default_as_json, stats=_default_stats, witness=_default_witness, dot_file=_default_dot_file, reproducible=_default_reproducible, full_states=_default_full_states, html_file=_default_html_file):\n        _set(self, 'as_json', as_json)\n        _set(self, 'stats', stats)\n        _set(self, 'witness', witness)\n        _set(self, 'dot_file', dot_file)\n        _set(self, 'reproducible', reproducible)\n        _set(self, 'full_states', full_states)\n        _set(self, 'html_file', html_file)\n    def __eq__(self, other):\n        if other.__class__ is self.__class__:\n            return (self.as_json,self.stats,self.witness,self.dot_file,self.reproducible,self.full_states,self.html_file,) == (other.as_json,other.stats,other.witness,other.dot_file,other.reproducible,other.full_states,other.html_file,)\n        return NotImplemented\n    def __hash__(self):\n        return hash((self.as_json,self.stats,self.witness,self.dot_file,self.reproducible,self.full_states,self.html_file,))\n    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}\n"] = _methods  # noqa: F811


def _methods(_MISSING, _default_bdd_peak_nodes, _default_deadlock_states, _default_engine, _default_lint, _default_stopped, _default_strategies, _factory_deadlock_examples, _factory_warnings, _set):
    def __init__(self, model, file, semantics, reachable_states, bdd_variables, bdd_nodes_reachable, times, formulas, deadlock_states=_default_deadlock_states, deadlock_examples=_MISSING, warnings=_MISSING, bdd_peak_nodes=_default_bdd_peak_nodes, stopped=_default_stopped, strategies=_default_strategies, lint=_default_lint, engine=_default_engine):
        self.model = model
        self.file = file
        self.semantics = semantics
        self.reachable_states = reachable_states
        self.bdd_variables = bdd_variables
        self.bdd_nodes_reachable = bdd_nodes_reachable
        self.times = times
        self.formulas = formulas
        self.deadlock_states = deadlock_states
        self.deadlock_examples = _factory_deadlock_examples() if deadlock_examples is _MISSING else deadlock_examples
        self.warnings = _factory_warnings() if warnings is _MISSING else warnings
        self.bdd_peak_nodes = bdd_peak_nodes
        self.stopped = stopped
        self.strategies = strategies
        self.lint = lint
        self.engine = engine
    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.model,self.file,self.semantics,self.reachable_states,self.bdd_variables,self.bdd_nodes_reachable,self.times,self.formulas,self.deadlock_states,self.deadlock_examples,self.warnings,self.bdd_peak_nodes,self.stopped,self.strategies,self.lint,self.engine,) == (other.model,other.file,other.semantics,other.reachable_states,other.bdd_variables,other.bdd_nodes_reachable,other.times,other.formulas,other.deadlock_states,other.deadlock_examples,other.warnings,other.bdd_peak_nodes,other.stopped,other.strategies,other.lint,other.engine,)
        return NotImplemented
    return {'__init__': __init__, '__eq__': __eq__}


MAKERS["def _methods(_MISSING, _default_bdd_peak_nodes, _default_deadlock_states, _default_engine, _default_lint, _default_stopped, _default_strategies, _factory_deadlock_examples, _factory_warnings, _set):\n    def __init__(self, model, file, semantics, reachable_states, bdd_variables, bdd_nodes_reachable, times, formulas, deadlock_states=_default_deadlock_states, deadlock_examples=_MISSING, warnings=_MISSING, bdd_peak_nodes=_default_bdd_peak_nodes, stopped=_default_stopped, strategies=_default_strategies, lint=_default_lint, engine=_default_engine):\n        self.model = model\n        self.file = file\n        self.semantics = semantics\n        self.reachable_states = reachable_states\n        self.bdd_variables = bdd_variables\n        self.bdd_nodes_reachable = bdd_nodes_reachable\n        self.times = times\n        self.formulas = formulas\n        self.deadlock_states = deadlock_states\n        self.deadlock_examples = _factory_deadlock_examples() if deadlock_examples is _MISSING else deadlock_examples\n        self.warnings = _factory_warnings() if warnings is _MISSING else warnings\n        self.bdd_peak_nodes = bdd_peak_nodes\n        self.stopped = stopped\n        self.strategies = strategies\n        self.lint = lint\n        self.engine = engine\n    def __eq__(self, other):\n        if other.__class__ is self.__class__:\n            return (self.model,self.file,self.semantics,self.reachable_states,self.bdd_variables,self.bdd_nodes_reachable,self.times,self.formulas,self.deadlock_states,self.deadlock_examples,self.warnings,self.bdd_peak_nodes,self.stopped,self.strategies,self.lint,self.engine,) == (other.model,other.file,other.semantics,other.reachable_states,other.bdd_variables,other.bdd_nodes_reachable,other.times,other.formulas,other.deadlock_states,other.deadlock_examples,other.warnings,other.bdd_peak_nodes,other.stopped,other.strategies,other.lint,other.engine,)\n        return NotImplemented\n    return {'__init__': __init__, '__eq__': __eq__}\n"] = _methods  # noqa: F811


def _methods(_MISSING, _default_bound, _default_cluster_size, _default_deadlock, _default_engine, _default_file_formulae, _default_lint, _default_max_memory, _default_order, _default_reorder, _default_strategies, _default_timeout, _default_witness, _set):
    def __init__(self, file_formulae=_default_file_formulae, deadlock=_default_deadlock, witness=_default_witness, lint=_default_lint, reorder=_default_reorder, order=_default_order, cluster_size=_default_cluster_size, max_memory=_default_max_memory, timeout=_default_timeout, strategies=_default_strategies, engine=_default_engine, bound=_default_bound):
        _set(self, 'file_formulae', file_formulae)
        _set(self, 'deadlock', deadlock)
        _set(self, 'witness', witness)
        _set(self, 'lint', lint)
        _set(self, 'reorder', reorder)
        _set(self, 'order', order)
        _set(self, 'cluster_size', cluster_size)
        _set(self, 'max_memory', max_memory)
        _set(self, 'timeout', timeout)
        _set(self, 'strategies', strategies)
        _set(self, 'engine', engine)
        _set(self, 'bound', bound)
        self.__post_init__()
    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.file_formulae,self.deadlock,self.witness,self.lint,self.reorder,self.order,self.cluster_size,self.max_memory,self.timeout,self.strategies,self.engine,self.bound,) == (other.file_formulae,other.deadlock,other.witness,other.lint,other.reorder,other.order,other.cluster_size,other.max_memory,other.timeout,other.strategies,other.engine,other.bound,)
        return NotImplemented
    def __hash__(self):
        return hash((self.file_formulae,self.deadlock,self.witness,self.lint,self.reorder,self.order,self.cluster_size,self.max_memory,self.timeout,self.strategies,self.engine,self.bound,))
    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}


MAKERS["def _methods(_MISSING, _default_bound, _default_cluster_size, _default_deadlock, _default_engine, _default_file_formulae, _default_lint, _default_max_memory, _default_order, _default_reorder, _default_strategies, _default_timeout, _default_witness, _set):\n    def __init__(self, file_formulae=_default_file_formulae, deadlock=_default_deadlock, witness=_default_witness, lint=_default_lint, reorder=_default_reorder, order=_default_order, cluster_size=_default_cluster_size, max_memory=_default_max_memory, timeout=_default_timeout, strategies=_default_strategies, engine=_default_engine, bound=_default_bound):\n        _set(self, 'file_formulae', file_formulae)\n        _set(self, 'deadlock', deadlock)\n        _set(self, 'witness', witness)\n        _set(self, 'lint', lint)\n        _set(self, 'reorder', reorder)\n        _set(self, 'order', order)\n        _set(self, 'cluster_size', cluster_size)\n        _set(self, 'max_memory', max_memory)\n        _set(self, 'timeout', timeout)\n        _set(self, 'strategies', strategies)\n        _set(self, 'engine', engine)\n        _set(self, 'bound', bound)\n        self.__post_init__()\n    def __eq__(self, other):\n        if other.__class__ is self.__class__:\n            return (self.file_formulae,self.deadlock,self.witness,self.lint,self.reorder,self.order,self.cluster_size,self.max_memory,self.timeout,self.strategies,self.engine,self.bound,) == (other.file_formulae,other.deadlock,other.witness,other.lint,other.reorder,other.order,other.cluster_size,other.max_memory,other.timeout,other.strategies,other.engine,other.bound,)\n        return NotImplemented\n    def __hash__(self):\n        return hash((self.file_formulae,self.deadlock,self.witness,self.lint,self.reorder,self.order,self.cluster_size,self.max_memory,self.timeout,self.strategies,self.engine,self.bound,))\n    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}\n"] = _methods  # noqa: F811


def _methods(_MISSING, _default_comparisons, _default_warnings, _set):
    def __init__(self, text, formula, mode, pos, warnings=_default_warnings, comparisons=_default_comparisons):
        _set(self, 'text', text)
        _set(self, 'formula', formula)
        _set(self, 'mode', mode)
        _set(self, 'pos', pos)
        _set(self, 'warnings', warnings)
        _set(self, 'comparisons', comparisons)
    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.text,self.formula,self.mode,self.pos,self.warnings,self.comparisons,) == (other.text,other.formula,other.mode,other.pos,other.warnings,other.comparisons,)
        return NotImplemented
    def __hash__(self):
        return hash((self.text,self.formula,self.mode,self.pos,self.warnings,self.comparisons,))
    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}


MAKERS["def _methods(_MISSING, _default_comparisons, _default_warnings, _set):\n    def __init__(self, text, formula, mode, pos, warnings=_default_warnings, comparisons=_default_comparisons):\n        _set(self, 'text', text)\n        _set(self, 'formula', formula)\n        _set(self, 'mode', mode)\n        _set(self, 'pos', pos)\n        _set(self, 'warnings', warnings)\n        _set(self, 'comparisons', comparisons)\n    def __eq__(self, other):\n        if other.__class__ is self.__class__:\n            return (self.text,self.formula,self.mode,self.pos,self.warnings,self.comparisons,) == (other.text,other.formula,other.mode,other.pos,other.warnings,other.comparisons,)\n        return NotImplemented\n    def __hash__(self):\n        return hash((self.text,self.formula,self.mode,self.pos,self.warnings,self.comparisons,))\n    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}\n"] = _methods  # noqa: F811


def _methods(_MISSING, _default_compassion, _default_positions, _default_warnings, _set):
    def __init__(self, name, semantics, agents, propositions, initial_condition, groups, fairness, formulae, warnings=_default_warnings, positions=_default_positions, compassion=_default_compassion):
        _set(self, 'name', name)
        _set(self, 'semantics', semantics)
        _set(self, 'agents', agents)
        _set(self, 'propositions', propositions)
        _set(self, 'initial_condition', initial_condition)
        _set(self, 'groups', groups)
        _set(self, 'fairness', fairness)
        _set(self, 'formulae', formulae)
        _set(self, 'warnings', warnings)
        _set(self, 'positions', positions)
        _set(self, 'compassion', compassion)
    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.name,self.semantics,self.agents,self.propositions,self.initial_condition,self.groups,self.fairness,self.formulae,self.warnings,self.compassion,) == (other.name,other.semantics,other.agents,other.propositions,other.initial_condition,other.groups,other.fairness,other.formulae,other.warnings,other.compassion,)
        return NotImplemented
    def __hash__(self):
        return hash((self.name,self.semantics,self.agents,self.initial_condition,self.fairness,self.formulae,self.warnings,self.compassion,))
    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}


MAKERS["def _methods(_MISSING, _default_compassion, _default_positions, _default_warnings, _set):\n    def __init__(self, name, semantics, agents, propositions, initial_condition, groups, fairness, formulae, warnings=_default_warnings, positions=_default_positions, compassion=_default_compassion):\n        _set(self, 'name', name)\n        _set(self, 'semantics', semantics)\n        _set(self, 'agents', agents)\n        _set(self, 'propositions', propositions)\n        _set(self, 'initial_condition', initial_condition)\n        _set(self, 'groups', groups)\n        _set(self, 'fairness', fairness)\n        _set(self, 'formulae', formulae)\n        _set(self, 'warnings', warnings)\n        _set(self, 'positions', positions)\n        _set(self, 'compassion', compassion)\n    def __eq__(self, other):\n        if other.__class__ is self.__class__:\n            return (self.name,self.semantics,self.agents,self.propositions,self.initial_condition,self.groups,self.fairness,self.formulae,self.warnings,self.compassion,) == (other.name,other.semantics,other.agents,other.propositions,other.initial_condition,other.groups,other.fairness,other.formulae,other.warnings,other.compassion,)\n        return NotImplemented\n    def __hash__(self):\n        return hash((self.name,self.semantics,self.agents,self.initial_condition,self.fairness,self.formulae,self.warnings,self.compassion,))\n    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}\n"] = _methods  # noqa: F811


def _methods(_MISSING, _default_compassion, _set):
    def __init__(self, semantics, environment, agents, evaluation, evaluation_pos, initial, groups, fairness, formulae, compassion=_default_compassion):
        _set(self, 'semantics', semantics)
        _set(self, 'environment', environment)
        _set(self, 'agents', agents)
        _set(self, 'evaluation', evaluation)
        _set(self, 'evaluation_pos', evaluation_pos)
        _set(self, 'initial', initial)
        _set(self, 'groups', groups)
        _set(self, 'fairness', fairness)
        _set(self, 'formulae', formulae)
        _set(self, 'compassion', compassion)
    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.semantics,self.environment,self.agents,self.evaluation,self.evaluation_pos,self.initial,self.groups,self.fairness,self.formulae,self.compassion,) == (other.semantics,other.environment,other.agents,other.evaluation,other.evaluation_pos,other.initial,other.groups,other.fairness,other.formulae,other.compassion,)
        return NotImplemented
    def __hash__(self):
        return hash((self.semantics,self.environment,self.agents,self.evaluation,self.evaluation_pos,self.initial,self.groups,self.fairness,self.formulae,self.compassion,))
    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}


MAKERS["def _methods(_MISSING, _default_compassion, _set):\n    def __init__(self, semantics, environment, agents, evaluation, evaluation_pos, initial, groups, fairness, formulae, compassion=_default_compassion):\n        _set(self, 'semantics', semantics)\n        _set(self, 'environment', environment)\n        _set(self, 'agents', agents)\n        _set(self, 'evaluation', evaluation)\n        _set(self, 'evaluation_pos', evaluation_pos)\n        _set(self, 'initial', initial)\n        _set(self, 'groups', groups)\n        _set(self, 'fairness', fairness)\n        _set(self, 'formulae', formulae)\n        _set(self, 'compassion', compassion)\n    def __eq__(self, other):\n        if other.__class__ is self.__class__:\n            return (self.semantics,self.environment,self.agents,self.evaluation,self.evaluation_pos,self.initial,self.groups,self.fairness,self.formulae,self.compassion,) == (other.semantics,other.environment,other.agents,other.evaluation,other.evaluation_pos,other.initial,other.groups,other.fairness,other.formulae,other.compassion,)\n        return NotImplemented\n    def __hash__(self):\n        return hash((self.semantics,self.environment,self.agents,self.evaluation,self.evaluation_pos,self.initial,self.groups,self.fairness,self.formulae,self.compassion,))\n    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}\n"] = _methods  # noqa: F811


def _methods(_MISSING, _default_compassion_pairs, _set):
    def __init__(self, states, variables, fairness_sets, compassion_pairs=_default_compassion_pairs):
        _set(self, 'states', states)
        _set(self, 'variables', variables)
        _set(self, 'fairness_sets', fairness_sets)
        _set(self, 'compassion_pairs', compassion_pairs)
    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.states,self.variables,self.fairness_sets,self.compassion_pairs,) == (other.states,other.variables,other.fairness_sets,other.compassion_pairs,)
        return NotImplemented
    def __hash__(self):
        return hash((self.states,self.variables,self.fairness_sets,self.compassion_pairs,))
    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}


MAKERS["def _methods(_MISSING, _default_compassion_pairs, _set):\n    def __init__(self, states, variables, fairness_sets, compassion_pairs=_default_compassion_pairs):\n        _set(self, 'states', states)\n        _set(self, 'variables', variables)\n        _set(self, 'fairness_sets', fairness_sets)\n        _set(self, 'compassion_pairs', compassion_pairs)\n    def __eq__(self, other):\n        if other.__class__ is self.__class__:\n            return (self.states,self.variables,self.fairness_sets,self.compassion_pairs,) == (other.states,other.variables,other.fairness_sets,other.compassion_pairs,)\n        return NotImplemented\n    def __hash__(self):\n        return hash((self.states,self.variables,self.fairness_sets,self.compassion_pairs,))\n    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}\n"] = _methods  # noqa: F811


def _methods(_MISSING, _default_condition, _default_pos, _set):
    def __init__(self, debtor, creditor, path, condition=_default_condition, *, pos=_default_pos):
        _set(self, 'debtor', debtor)
        _set(self, 'creditor', creditor)
        _set(self, 'path', path)
        _set(self, 'condition', condition)
        _set(self, 'pos', pos)
        self.__post_init__()
    return {'__init__': __init__}


MAKERS["def _methods(_MISSING, _default_condition, _default_pos, _set):\n    def __init__(self, debtor, creditor, path, condition=_default_condition, *, pos=_default_pos):\n        _set(self, 'debtor', debtor)\n        _set(self, 'creditor', creditor)\n        _set(self, 'path', path)\n        _set(self, 'condition', condition)\n        _set(self, 'pos', pos)\n        self.__post_init__()\n    return {'__init__': __init__}\n"] = _methods  # noqa: F811


def _methods(_MISSING, _default_convert, _default_metavar, _default_minimum, _default_repeatable, _set):
    def __init__(self, name, names, kind, default, help, metavar=_default_metavar, minimum=_default_minimum, convert=_default_convert, repeatable=_default_repeatable):
        _set(self, 'name', name)
        _set(self, 'names', names)
        _set(self, 'kind', kind)
        _set(self, 'default', default)
        _set(self, 'help', help)
        _set(self, 'metavar', metavar)
        _set(self, 'minimum', minimum)
        _set(self, 'convert', convert)
        _set(self, 'repeatable', repeatable)
    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.name,self.names,self.kind,self.default,self.help,self.metavar,self.minimum,self.convert,self.repeatable,) == (other.name,other.names,other.kind,other.default,other.help,other.metavar,other.minimum,other.convert,other.repeatable,)
        return NotImplemented
    def __hash__(self):
        return hash((self.name,self.names,self.kind,self.default,self.help,self.metavar,self.minimum,self.convert,self.repeatable,))
    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}


MAKERS["def _methods(_MISSING, _default_convert, _default_metavar, _default_minimum, _default_repeatable, _set):\n    def __init__(self, name, names, kind, default, help, metavar=_default_metavar, minimum=_default_minimum, convert=_default_convert, repeatable=_default_repeatable):\n        _set(self, 'name', name)\n        _set(self, 'names', names)\n        _set(self, 'kind', kind)\n        _set(self, 'default', default)\n        _set(self, 'help', help)\n        _set(self, 'metavar', metavar)\n        _set(self, 'minimum', minimum)\n        _set(self, 'convert', convert)\n        _set(self, 'repeatable', repeatable)\n    def __eq__(self, other):\n        if other.__class__ is self.__class__:\n            return (self.name,self.names,self.kind,self.default,self.help,self.metavar,self.minimum,self.convert,self.repeatable,) == (other.name,other.names,other.kind,other.default,other.help,other.metavar,other.minimum,other.convert,other.repeatable,)\n        return NotImplemented\n    def __hash__(self):\n        return hash((self.name,self.names,self.kind,self.default,self.help,self.metavar,self.minimum,self.convert,self.repeatable,))\n    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}\n"] = _methods  # noqa: F811


def _methods(_MISSING, _default_engine, _default_error, _default_evidence, _default_formula, _default_mode, _default_routes_omitted, _default_seconds, _default_source, _factory_routes, _factory_warnings, _set):
    def __init__(self, index, text, verdict, mode=_default_mode, source=_default_source, seconds=_default_seconds, error=_default_error, warnings=_MISSING, routes=_MISSING, routes_omitted=_default_routes_omitted, engine=_default_engine, evidence=_default_evidence, formula=_default_formula):
        self.index = index
        self.text = text
        self.verdict = verdict
        self.mode = mode
        self.source = source
        self.seconds = seconds
        self.error = error
        self.warnings = _factory_warnings() if warnings is _MISSING else warnings
        self.routes = _factory_routes() if routes is _MISSING else routes
        self.routes_omitted = routes_omitted
        self.engine = engine
        self.evidence = evidence
        self.formula = formula
    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.index,self.text,self.verdict,self.mode,self.source,self.seconds,self.error,self.warnings,self.routes,self.routes_omitted,self.engine,) == (other.index,other.text,other.verdict,other.mode,other.source,other.seconds,other.error,other.warnings,other.routes,other.routes_omitted,other.engine,)
        return NotImplemented
    return {'__init__': __init__, '__eq__': __eq__}


MAKERS["def _methods(_MISSING, _default_engine, _default_error, _default_evidence, _default_formula, _default_mode, _default_routes_omitted, _default_seconds, _default_source, _factory_routes, _factory_warnings, _set):\n    def __init__(self, index, text, verdict, mode=_default_mode, source=_default_source, seconds=_default_seconds, error=_default_error, warnings=_MISSING, routes=_MISSING, routes_omitted=_default_routes_omitted, engine=_default_engine, evidence=_default_evidence, formula=_default_formula):\n        self.index = index\n        self.text = text\n        self.verdict = verdict\n        self.mode = mode\n        self.source = source\n        self.seconds = seconds\n        self.error = error\n        self.warnings = _factory_warnings() if warnings is _MISSING else warnings\n        self.routes = _factory_routes() if routes is _MISSING else routes\n        self.routes_omitted = routes_omitted\n        self.engine = engine\n        self.evidence = evidence\n        self.formula = formula\n    def __eq__(self, other):\n        if other.__class__ is self.__class__:\n            return (self.index,self.text,self.verdict,self.mode,self.source,self.seconds,self.error,self.warnings,self.routes,self.routes_omitted,self.engine,) == (other.index,other.text,other.verdict,other.mode,other.source,other.seconds,other.error,other.warnings,other.routes,other.routes_omitted,other.engine,)\n        return NotImplemented\n    return {'__init__': __init__, '__eq__': __eq__}\n"] = _methods  # noqa: F811


def _methods(_MISSING, _default_engine, _default_html_page, _default_max_memory, _default_timeout, _set):
    def __init__(self, timeout=_default_timeout, max_memory=_default_max_memory, html_page=_default_html_page, engine=_default_engine):
        _set(self, 'timeout', timeout)
        _set(self, 'max_memory', max_memory)
        _set(self, 'html_page', html_page)
        _set(self, 'engine', engine)
    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.timeout,self.max_memory,self.html_page,self.engine,) == (other.timeout,other.max_memory,other.html_page,other.engine,)
        return NotImplemented
    def __hash__(self):
        return hash((self.timeout,self.max_memory,self.html_page,self.engine,))
    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}


MAKERS["def _methods(_MISSING, _default_engine, _default_html_page, _default_max_memory, _default_timeout, _set):\n    def __init__(self, timeout=_default_timeout, max_memory=_default_max_memory, html_page=_default_html_page, engine=_default_engine):\n        _set(self, 'timeout', timeout)\n        _set(self, 'max_memory', max_memory)\n        _set(self, 'html_page', html_page)\n        _set(self, 'engine', engine)\n    def __eq__(self, other):\n        if other.__class__ is self.__class__:\n            return (self.timeout,self.max_memory,self.html_page,self.engine,) == (other.timeout,other.max_memory,other.html_page,other.engine,)\n        return NotImplemented\n    def __hash__(self):\n        return hash((self.timeout,self.max_memory,self.html_page,self.engine,))\n    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}\n"] = _methods  # noqa: F811


def _methods(_MISSING, _default_expectations, _default_file_formulae, _default_formulas, _default_generator, _default_model_text, _default_strategies, _set):
    def __init__(self, name, source, model_text=_default_model_text, generator=_default_generator, formulas=_default_formulas, file_formulae=_default_file_formulae, expectations=_default_expectations, strategies=_default_strategies):
        _set(self, 'name', name)
        _set(self, 'source', source)
        _set(self, 'model_text', model_text)
        _set(self, 'generator', generator)
        _set(self, 'formulas', formulas)
        _set(self, 'file_formulae', file_formulae)
        _set(self, 'expectations', expectations)
        _set(self, 'strategies', strategies)
    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.name,self.source,self.model_text,self.generator,self.formulas,self.file_formulae,self.expectations,self.strategies,) == (other.name,other.source,other.model_text,other.generator,other.formulas,other.file_formulae,other.expectations,other.strategies,)
        return NotImplemented
    def __hash__(self):
        return hash((self.name,self.source,self.model_text,self.generator,self.formulas,self.file_formulae,self.expectations,self.strategies,))
    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}


MAKERS["def _methods(_MISSING, _default_expectations, _default_file_formulae, _default_formulas, _default_generator, _default_model_text, _default_strategies, _set):\n    def __init__(self, name, source, model_text=_default_model_text, generator=_default_generator, formulas=_default_formulas, file_formulae=_default_file_formulae, expectations=_default_expectations, strategies=_default_strategies):\n        _set(self, 'name', name)\n        _set(self, 'source', source)\n        _set(self, 'model_text', model_text)\n        _set(self, 'generator', generator)\n        _set(self, 'formulas', formulas)\n        _set(self, 'file_formulae', file_formulae)\n        _set(self, 'expectations', expectations)\n        _set(self, 'strategies', strategies)\n    def __eq__(self, other):\n        if other.__class__ is self.__class__:\n            return (self.name,self.source,self.model_text,self.generator,self.formulas,self.file_formulae,self.expectations,self.strategies,) == (other.name,other.source,other.model_text,other.generator,other.formulas,other.file_formulae,other.expectations,other.strategies,)\n        return NotImplemented\n    def __hash__(self):\n        return hash((self.name,self.source,self.model_text,self.generator,self.formulas,self.file_formulae,self.expectations,self.strategies,))\n    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}\n"] = _methods  # noqa: F811


def _methods(_MISSING, _default_failed, _default_missing, _default_strategy, _default_trace, _set):
    def __init__(self, model, trace=_default_trace, strategy=_default_strategy, missing=_default_missing, failed=_default_failed):
        _set(self, 'model', model)
        _set(self, 'trace', trace)
        _set(self, 'strategy', strategy)
        _set(self, 'missing', missing)
        _set(self, 'failed', failed)
    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.trace,self.strategy,self.missing,self.failed,) == (other.trace,other.strategy,other.missing,other.failed,)
        return NotImplemented
    def __hash__(self):
        return hash((self.trace,self.strategy,self.missing,self.failed,))
    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}


MAKERS["def _methods(_MISSING, _default_failed, _default_missing, _default_strategy, _default_trace, _set):\n    def __init__(self, model, trace=_default_trace, strategy=_default_strategy, missing=_default_missing, failed=_default_failed):\n        _set(self, 'model', model)\n        _set(self, 'trace', trace)\n        _set(self, 'strategy', strategy)\n        _set(self, 'missing', missing)\n        _set(self, 'failed', failed)\n    def __eq__(self, other):\n        if other.__class__ is self.__class__:\n            return (self.trace,self.strategy,self.missing,self.failed,) == (other.trace,other.strategy,other.missing,other.failed,)\n        return NotImplemented\n    def __hash__(self):\n        return hash((self.trace,self.strategy,self.missing,self.failed,))\n    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}\n"] = _methods  # noqa: F811


def _methods(_MISSING, _default_file, _factory_thresholds, _set):
    def __init__(self, roles, propositions, events, commitments, operations, agent, thresholds=_MISSING, file=_default_file):
        _set(self, 'roles', roles)
        _set(self, 'propositions', propositions)
        _set(self, 'events', events)
        _set(self, 'commitments', commitments)
        _set(self, 'operations', operations)
        _set(self, 'agent', agent)
        _set(self, 'thresholds', _factory_thresholds() if thresholds is _MISSING else thresholds)
        _set(self, 'file', file)
    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.roles,self.propositions,self.events,self.commitments,self.operations,self.agent,self.thresholds,self.file,) == (other.roles,other.propositions,other.events,other.commitments,other.operations,other.agent,other.thresholds,other.file,)
        return NotImplemented
    def __hash__(self):
        return hash((self.roles,self.propositions,self.events,self.commitments,self.operations,self.agent,self.thresholds,self.file,))
    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}


MAKERS["def _methods(_MISSING, _default_file, _factory_thresholds, _set):\n    def __init__(self, roles, propositions, events, commitments, operations, agent, thresholds=_MISSING, file=_default_file):\n        _set(self, 'roles', roles)\n        _set(self, 'propositions', propositions)\n        _set(self, 'events', events)\n        _set(self, 'commitments', commitments)\n        _set(self, 'operations', operations)\n        _set(self, 'agent', agent)\n        _set(self, 'thresholds', _factory_thresholds() if thresholds is _MISSING else thresholds)\n        _set(self, 'file', file)\n    def __eq__(self, other):\n        if other.__class__ is self.__class__:\n            return (self.roles,self.propositions,self.events,self.commitments,self.operations,self.agent,self.thresholds,self.file,) == (other.roles,other.propositions,other.events,other.commitments,other.operations,other.agent,other.thresholds,other.file,)\n        return NotImplemented\n    def __hash__(self):\n        return hash((self.roles,self.propositions,self.events,self.commitments,self.operations,self.agent,self.thresholds,self.file,))\n    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}\n"] = _methods  # noqa: F811


def _methods(_MISSING, _default_infinite, _default_pos, _set):
    def __init__(self, path, infinite=_default_infinite, *, pos=_default_pos):
        _set(self, 'path', path)
        _set(self, 'infinite', infinite)
        _set(self, 'pos', pos)
        self.__post_init__()
    return {'__init__': __init__}


MAKERS["def _methods(_MISSING, _default_infinite, _default_pos, _set):\n    def __init__(self, path, infinite=_default_infinite, *, pos=_default_pos):\n        _set(self, 'path', path)\n        _set(self, 'infinite', infinite)\n        _set(self, 'pos', pos)\n        self.__post_init__()\n    return {'__init__': __init__}\n"] = _methods  # noqa: F811


def _methods(_MISSING, _default_initial, _set):
    def __init__(self, choices, initial=_default_initial):
        _set(self, 'choices', choices)
        _set(self, 'initial', initial)
    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.choices,self.initial,) == (other.choices,other.initial,)
        return NotImplemented
    def __hash__(self):
        return hash((self.choices,self.initial,))
    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}


MAKERS["def _methods(_MISSING, _default_initial, _set):\n    def __init__(self, choices, initial=_default_initial):\n        _set(self, 'choices', choices)\n        _set(self, 'initial', initial)\n    def __eq__(self, other):\n        if other.__class__ is self.__class__:\n            return (self.choices,self.initial,) == (other.choices,other.initial,)\n        return NotImplemented\n    def __hash__(self):\n        return hash((self.choices,self.initial,))\n    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}\n"] = _methods  # noqa: F811


def _methods(_MISSING, _default_is_other, _set):
    def __init__(self, condition, actions, is_other=_default_is_other):
        _set(self, 'condition', condition)
        _set(self, 'actions', actions)
        _set(self, 'is_other', is_other)
    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.condition,self.actions,self.is_other,) == (other.condition,other.actions,other.is_other,)
        return NotImplemented
    def __hash__(self):
        return hash((self.condition,self.actions,self.is_other,))
    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}


MAKERS["def _methods(_MISSING, _default_is_other, _set):\n    def __init__(self, condition, actions, is_other=_default_is_other):\n        _set(self, 'condition', condition)\n        _set(self, 'actions', actions)\n        _set(self, 'is_other', is_other)\n    def __eq__(self, other):\n        if other.__class__ is self.__class__:\n            return (self.condition,self.actions,self.is_other,) == (other.condition,other.actions,other.is_other,)\n        return NotImplemented\n    def __hash__(self):\n        return hash((self.condition,self.actions,self.is_other,))\n    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}\n"] = _methods  # noqa: F811


def _methods(_MISSING, _default_loop_start, _default_sub_traces, _set):
    def __init__(self, label, description, states, actions, loop_start=_default_loop_start, sub_traces=_default_sub_traces):
        _set(self, 'label', label)
        _set(self, 'description', description)
        _set(self, 'states', states)
        _set(self, 'actions', actions)
        _set(self, 'loop_start', loop_start)
        _set(self, 'sub_traces', sub_traces)
    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.label,self.description,self.states,self.actions,self.loop_start,self.sub_traces,) == (other.label,other.description,other.states,other.actions,other.loop_start,other.sub_traces,)
        return NotImplemented
    def __hash__(self):
        return hash((self.label,self.description,self.states,self.actions,self.loop_start,self.sub_traces,))
    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}


MAKERS["def _methods(_MISSING, _default_loop_start, _default_sub_traces, _set):\n    def __init__(self, label, description, states, actions, loop_start=_default_loop_start, sub_traces=_default_sub_traces):\n        _set(self, 'label', label)\n        _set(self, 'description', description)\n        _set(self, 'states', states)\n        _set(self, 'actions', actions)\n        _set(self, 'loop_start', loop_start)\n        _set(self, 'sub_traces', sub_traces)\n    def __eq__(self, other):\n        if other.__class__ is self.__class__:\n            return (self.label,self.description,self.states,self.actions,self.loop_start,self.sub_traces,) == (other.label,other.description,other.states,other.actions,other.loop_start,other.sub_traces,)\n        return NotImplemented\n    def __hash__(self):\n        return hash((self.label,self.description,self.states,self.actions,self.loop_start,self.sub_traces,))\n    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}\n"] = _methods  # noqa: F811


def _methods(_MISSING, _default_missing, _default_notes, _default_trace, _set):
    def __init__(self, value, trace=_default_trace, missing=_default_missing, notes=_default_notes):
        _set(self, 'value', value)
        _set(self, 'trace', trace)
        _set(self, 'missing', missing)
        _set(self, 'notes', notes)
    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.value,self.trace,self.missing,self.notes,) == (other.value,other.trace,other.missing,other.notes,)
        return NotImplemented
    def __hash__(self):
        return hash((self.value,self.trace,self.missing,self.notes,))
    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}


MAKERS["def _methods(_MISSING, _default_missing, _default_notes, _default_trace, _set):\n    def __init__(self, value, trace=_default_trace, missing=_default_missing, notes=_default_notes):\n        _set(self, 'value', value)\n        _set(self, 'trace', trace)\n        _set(self, 'missing', missing)\n        _set(self, 'notes', notes)\n    def __eq__(self, other):\n        if other.__class__ is self.__class__:\n            return (self.value,self.trace,self.missing,self.notes,) == (other.value,other.trace,other.missing,other.notes,)\n        return NotImplemented\n    def __hash__(self):\n        return hash((self.value,self.trace,self.missing,self.notes,))\n    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}\n"] = _methods  # noqa: F811


def _methods(_MISSING, _default_mode, _default_source, _default_warnings, _set):
    def __init__(self, text, formula, mode=_default_mode, source=_default_source, warnings=_default_warnings):
        _set(self, 'text', text)
        _set(self, 'formula', formula)
        _set(self, 'mode', mode)
        _set(self, 'source', source)
        _set(self, 'warnings', warnings)
    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.text,self.formula,self.mode,self.source,self.warnings,) == (other.text,other.formula,other.mode,other.source,other.warnings,)
        return NotImplemented
    def __hash__(self):
        return hash((self.text,self.formula,self.mode,self.source,self.warnings,))
    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}


MAKERS["def _methods(_MISSING, _default_mode, _default_source, _default_warnings, _set):\n    def __init__(self, text, formula, mode=_default_mode, source=_default_source, warnings=_default_warnings):\n        _set(self, 'text', text)\n        _set(self, 'formula', formula)\n        _set(self, 'mode', mode)\n        _set(self, 'source', source)\n        _set(self, 'warnings', warnings)\n    def __eq__(self, other):\n        if other.__class__ is self.__class__:\n            return (self.text,self.formula,self.mode,self.source,self.warnings,) == (other.text,other.formula,other.mode,other.source,other.warnings,)\n        return NotImplemented\n    def __hash__(self):\n        return hash((self.text,self.formula,self.mode,self.source,self.warnings,))\n    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}\n"] = _methods  # noqa: F811


def _methods(_MISSING, _default_negates_previous_guard, _set):
    def __init__(self, assignments, guard, pos, negates_previous_guard=_default_negates_previous_guard):
        _set(self, 'assignments', assignments)
        _set(self, 'guard', guard)
        _set(self, 'pos', pos)
        _set(self, 'negates_previous_guard', negates_previous_guard)
    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.assignments,self.guard,self.pos,) == (other.assignments,other.guard,other.pos,)
        return NotImplemented
    def __hash__(self):
        return hash((self.assignments,self.guard,self.pos,))
    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}


MAKERS["def _methods(_MISSING, _default_negates_previous_guard, _set):\n    def __init__(self, assignments, guard, pos, negates_previous_guard=_default_negates_previous_guard):\n        _set(self, 'assignments', assignments)\n        _set(self, 'guard', guard)\n        _set(self, 'pos', pos)\n        _set(self, 'negates_previous_guard', negates_previous_guard)\n    def __eq__(self, other):\n        if other.__class__ is self.__class__:\n            return (self.assignments,self.guard,self.pos,) == (other.assignments,other.guard,other.pos,)\n        return NotImplemented\n    def __hash__(self):\n        return hash((self.assignments,self.guard,self.pos,))\n    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}\n"] = _methods  # noqa: F811


def _methods(_MISSING, _default_notes, _default_trace, _set):
    def __init__(self, state, trace=_default_trace, notes=_default_notes):
        _set(self, 'state', state)
        _set(self, 'trace', trace)
        _set(self, 'notes', notes)
    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.state,self.trace,self.notes,) == (other.state,other.trace,other.notes,)
        return NotImplemented
    def __hash__(self):
        return hash((self.state,self.trace,self.notes,))
    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}


MAKERS["def _methods(_MISSING, _default_notes, _default_trace, _set):\n    def __init__(self, state, trace=_default_trace, notes=_default_notes):\n        _set(self, 'state', state)\n        _set(self, 'trace', trace)\n        _set(self, 'notes', notes)\n    def __eq__(self, other):\n        if other.__class__ is self.__class__:\n            return (self.state,self.trace,self.notes,) == (other.state,other.trace,other.notes,)\n        return NotImplemented\n    def __hash__(self):\n        return hash((self.state,self.trace,self.notes,))\n    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}\n"] = _methods  # noqa: F811


def _methods(_MISSING, _default_output, _set):
    def __init__(self, argv, cwd, output=_default_output):
        _set(self, 'argv', argv)
        _set(self, 'cwd', cwd)
        _set(self, 'output', output)
    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.argv,self.cwd,self.output,) == (other.argv,other.cwd,other.output,)
        return NotImplemented
    def __hash__(self):
        return hash((self.argv,self.cwd,self.output,))
    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}


MAKERS["def _methods(_MISSING, _default_output, _set):\n    def __init__(self, argv, cwd, output=_default_output):\n        _set(self, 'argv', argv)\n        _set(self, 'cwd', cwd)\n        _set(self, 'output', output)\n    def __eq__(self, other):\n        if other.__class__ is self.__class__:\n            return (self.argv,self.cwd,self.output,) == (other.argv,other.cwd,other.output,)\n        return NotImplemented\n    def __hash__(self):\n        return hash((self.argv,self.cwd,self.output,))\n    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}\n"] = _methods  # noqa: F811


def _methods(_MISSING, _default_pos, _set):
    def __init__(self, agent, action, *, pos=_default_pos):
        _set(self, 'agent', agent)
        _set(self, 'action', action)
        _set(self, 'pos', pos)
        self.__post_init__()
    return {'__init__': __init__}


MAKERS["def _methods(_MISSING, _default_pos, _set):\n    def __init__(self, agent, action, *, pos=_default_pos):\n        _set(self, 'agent', agent)\n        _set(self, 'action', action)\n        _set(self, 'pos', pos)\n        self.__post_init__()\n    return {'__init__': __init__}\n"] = _methods  # noqa: F811


def _methods(_MISSING, _default_pos, _set):
    def __init__(self, agent, kind, *, pos=_default_pos):
        _set(self, 'agent', agent)
        _set(self, 'kind', kind)
        _set(self, 'pos', pos)
        self.__post_init__()
    return {'__init__': __init__}


MAKERS["def _methods(_MISSING, _default_pos, _set):\n    def __init__(self, agent, kind, *, pos=_default_pos):\n        _set(self, 'agent', agent)\n        _set(self, 'kind', kind)\n        _set(self, 'pos', pos)\n        self.__post_init__()\n    return {'__init__': __init__}\n"] = _methods  # noqa: F811


def _methods(_MISSING, _default_pos, _set):
    def __init__(self, agent, operand, *, pos=_default_pos):
        _set(self, 'agent', agent)
        _set(self, 'operand', operand)
        _set(self, 'pos', pos)
        self.__post_init__()
    return {'__init__': __init__}


MAKERS["def _methods(_MISSING, _default_pos, _set):\n    def __init__(self, agent, operand, *, pos=_default_pos):\n        _set(self, 'agent', agent)\n        _set(self, 'operand', operand)\n        _set(self, 'pos', pos)\n        self.__post_init__()\n    return {'__init__': __init__}\n"] = _methods  # noqa: F811


def _methods(_MISSING, _default_pos, _set):
    def __init__(self, debtor, creditor, operand, *, pos=_default_pos):
        _set(self, 'debtor', debtor)
        _set(self, 'creditor', creditor)
        _set(self, 'operand', operand)
        _set(self, 'pos', pos)
        self.__post_init__()
    return {'__init__': __init__}


MAKERS["def _methods(_MISSING, _default_pos, _set):\n    def __init__(self, debtor, creditor, operand, *, pos=_default_pos):\n        _set(self, 'debtor', debtor)\n        _set(self, 'creditor', creditor)\n        _set(self, 'operand', operand)\n        _set(self, 'pos', pos)\n        self.__post_init__()\n    return {'__init__': __init__}\n"] = _methods  # noqa: F811


def _methods(_MISSING, _default_pos, _set):
    def __init__(self, group, operand, *, pos=_default_pos):
        _set(self, 'group', group)
        _set(self, 'operand', operand)
        _set(self, 'pos', pos)
        self.__post_init__()
    return {'__init__': __init__}


MAKERS["def _methods(_MISSING, _default_pos, _set):\n    def __init__(self, group, operand, *, pos=_default_pos):\n        _set(self, 'group', group)\n        _set(self, 'operand', operand)\n        _set(self, 'pos', pos)\n        self.__post_init__()\n    return {'__init__': __init__}\n"] = _methods  # noqa: F811


def _methods(_MISSING, _default_pos, _set):
    def __init__(self, group, path, *, pos=_default_pos):
        _set(self, 'group', group)
        _set(self, 'path', path)
        _set(self, 'pos', pos)
        self.__post_init__()
    return {'__init__': __init__}


MAKERS["def _methods(_MISSING, _default_pos, _set):\n    def __init__(self, group, path, *, pos=_default_pos):\n        _set(self, 'group', group)\n        _set(self, 'path', path)\n        _set(self, 'pos', pos)\n        self.__post_init__()\n    return {'__init__': __init__}\n"] = _methods  # noqa: F811


def _methods(_MISSING, _default_pos, _set):
    def __init__(self, left, right, *, pos=_default_pos):
        _set(self, 'left', left)
        _set(self, 'right', right)
        _set(self, 'pos', pos)
        self.__post_init__()
    return {'__init__': __init__}


MAKERS["def _methods(_MISSING, _default_pos, _set):\n    def __init__(self, left, right, *, pos=_default_pos):\n        _set(self, 'left', left)\n        _set(self, 'right', right)\n        _set(self, 'pos', pos)\n        self.__post_init__()\n    return {'__init__': __init__}\n"] = _methods  # noqa: F811


def _methods(_MISSING, _default_pos, _set):
    def __init__(self, name, *, pos=_default_pos):
        _set(self, 'name', name)
        _set(self, 'pos', pos)
        self.__post_init__()
    return {'__init__': __init__}


MAKERS["def _methods(_MISSING, _default_pos, _set):\n    def __init__(self, name, *, pos=_default_pos):\n        _set(self, 'name', name)\n        _set(self, 'pos', pos)\n        self.__post_init__()\n    return {'__init__': __init__}\n"] = _methods  # noqa: F811


def _methods(_MISSING, _default_pos, _set):
    def __init__(self, operand, *, pos=_default_pos):
        _set(self, 'operand', operand)
        _set(self, 'pos', pos)
        self.__post_init__()
    return {'__init__': __init__}


MAKERS["def _methods(_MISSING, _default_pos, _set):\n    def __init__(self, operand, *, pos=_default_pos):\n        _set(self, 'operand', operand)\n        _set(self, 'pos', pos)\n        self.__post_init__()\n    return {'__init__': __init__}\n"] = _methods  # noqa: F811


def _methods(_MISSING, _default_pos, _set):
    def __init__(self, value, *, pos=_default_pos):
        _set(self, 'value', value)
        _set(self, 'pos', pos)
        self.__post_init__()
    return {'__init__': __init__}


MAKERS["def _methods(_MISSING, _default_pos, _set):\n    def __init__(self, value, *, pos=_default_pos):\n        _set(self, 'value', value)\n        _set(self, 'pos', pos)\n        self.__post_init__()\n    return {'__init__': __init__}\n"] = _methods  # noqa: F811


def _methods(_MISSING, _default_positive, _default_state, _set):
    def __init__(self, name, positive=_default_positive, state=_default_state):
        _set(self, 'name', name)
        _set(self, 'positive', positive)
        _set(self, 'state', state)
    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.name,self.positive,self.state,) == (other.name,other.positive,other.state,)
        return NotImplemented
    def __hash__(self):
        return hash((self.name,self.positive,self.state,))
    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}


MAKERS["def _methods(_MISSING, _default_positive, _default_state, _set):\n    def __init__(self, name, positive=_default_positive, state=_default_state):\n        _set(self, 'name', name)\n        _set(self, 'positive', positive)\n        _set(self, 'state', state)\n    def __eq__(self, other):\n        if other.__class__ is self.__class__:\n            return (self.name,self.positive,self.state,) == (other.name,other.positive,other.state,)\n        return NotImplemented\n    def __hash__(self):\n        return hash((self.name,self.positive,self.state,))\n    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}\n"] = _methods  # noqa: F811


def _methods(_MISSING, _default_red_states, _set):
    def __init__(self, name, own_variables, observed_variables, actions, protocol, evolution, red_states=_default_red_states):
        _set(self, 'name', name)
        _set(self, 'own_variables', own_variables)
        _set(self, 'observed_variables', observed_variables)
        _set(self, 'actions', actions)
        _set(self, 'protocol', protocol)
        _set(self, 'evolution', evolution)
        _set(self, 'red_states', red_states)
    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.name,self.own_variables,self.observed_variables,self.actions,self.protocol,self.evolution,self.red_states,) == (other.name,other.own_variables,other.observed_variables,other.actions,other.protocol,other.evolution,other.red_states,)
        return NotImplemented
    def __hash__(self):
        return hash((self.name,self.own_variables,self.observed_variables,self.actions,self.protocol,self.evolution,self.red_states,))
    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}


MAKERS["def _methods(_MISSING, _default_red_states, _set):\n    def __init__(self, name, own_variables, observed_variables, actions, protocol, evolution, red_states=_default_red_states):\n        _set(self, 'name', name)\n        _set(self, 'own_variables', own_variables)\n        _set(self, 'observed_variables', observed_variables)\n        _set(self, 'actions', actions)\n        _set(self, 'protocol', protocol)\n        _set(self, 'evolution', evolution)\n        _set(self, 'red_states', red_states)\n    def __eq__(self, other):\n        if other.__class__ is self.__class__:\n            return (self.name,self.own_variables,self.observed_variables,self.actions,self.protocol,self.evolution,self.red_states,) == (other.name,other.own_variables,other.observed_variables,other.actions,other.protocol,other.evolution,other.red_states,)\n        return NotImplemented\n    def __hash__(self):\n        return hash((self.name,self.own_variables,self.observed_variables,self.actions,self.protocol,self.evolution,self.red_states,))\n    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}\n"] = _methods  # noqa: F811


def _methods(_MISSING, _default_scope, _default_tabled, _factory_moves, _factory_responses, _set):
    def __init__(self, kind, formula_text, coalition, opponents, states, replayed, note, bdd_nodes, tabled=_default_tabled, moves=_MISSING, responses=_MISSING, scope=_default_scope):
        _set(self, 'kind', kind)
        _set(self, 'formula_text', formula_text)
        _set(self, 'coalition', coalition)
        _set(self, 'opponents', opponents)
        _set(self, 'states', states)
        _set(self, 'replayed', replayed)
        _set(self, 'note', note)
        _set(self, 'bdd_nodes', bdd_nodes)
        _set(self, 'tabled', tabled)
        _set(self, 'moves', _factory_moves() if moves is _MISSING else moves)
        _set(self, 'responses', _factory_responses() if responses is _MISSING else responses)
        _set(self, 'scope', scope)
    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.kind,self.formula_text,self.coalition,self.opponents,self.states,self.replayed,self.note,self.bdd_nodes,self.tabled,self.moves,self.responses,self.scope,) == (other.kind,other.formula_text,other.coalition,other.opponents,other.states,other.replayed,other.note,other.bdd_nodes,other.tabled,other.moves,other.responses,other.scope,)
        return NotImplemented
    def __hash__(self):
        return hash((self.kind,self.formula_text,self.coalition,self.opponents,self.states,self.replayed,self.note,self.bdd_nodes,self.tabled,self.moves,self.responses,self.scope,))
    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}


MAKERS["def _methods(_MISSING, _default_scope, _default_tabled, _factory_moves, _factory_responses, _set):\n    def __init__(self, kind, formula_text, coalition, opponents, states, replayed, note, bdd_nodes, tabled=_default_tabled, moves=_MISSING, responses=_MISSING, scope=_default_scope):\n        _set(self, 'kind', kind)\n        _set(self, 'formula_text', formula_text)\n        _set(self, 'coalition', coalition)\n        _set(self, 'opponents', opponents)\n        _set(self, 'states', states)\n        _set(self, 'replayed', replayed)\n        _set(self, 'note', note)\n        _set(self, 'bdd_nodes', bdd_nodes)\n        _set(self, 'tabled', tabled)\n        _set(self, 'moves', _factory_moves() if moves is _MISSING else moves)\n        _set(self, 'responses', _factory_responses() if responses is _MISSING else responses)\n        _set(self, 'scope', scope)\n    def __eq__(self, other):\n        if other.__class__ is self.__class__:\n            return (self.kind,self.formula_text,self.coalition,self.opponents,self.states,self.replayed,self.note,self.bdd_nodes,self.tabled,self.moves,self.responses,self.scope,) == (other.kind,other.formula_text,other.coalition,other.opponents,other.states,other.replayed,other.note,other.bdd_nodes,other.tabled,other.moves,other.responses,other.scope,)\n        return NotImplemented\n    def __hash__(self):\n        return hash((self.kind,self.formula_text,self.coalition,self.opponents,self.states,self.replayed,self.note,self.bdd_nodes,self.tabled,self.moves,self.responses,self.scope,))\n    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}\n"] = _methods  # noqa: F811


def _methods(_MISSING, _default_severity, _default_source_line, _set):
    def __init__(self, message, file, line, column, source_line=_default_source_line, severity=_default_severity):
        _set(self, 'message', message)
        _set(self, 'file', file)
        _set(self, 'line', line)
        _set(self, 'column', column)
        _set(self, 'source_line', source_line)
        _set(self, 'severity', severity)
    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.message,self.file,self.line,self.column,self.source_line,self.severity,) == (other.message,other.file,other.line,other.column,other.source_line,other.severity,)
        return NotImplemented
    def __hash__(self):
        return hash((self.message,self.file,self.line,self.column,self.source_line,self.severity,))
    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}


MAKERS["def _methods(_MISSING, _default_severity, _default_source_line, _set):\n    def __init__(self, message, file, line, column, source_line=_default_source_line, severity=_default_severity):\n        _set(self, 'message', message)\n        _set(self, 'file', file)\n        _set(self, 'line', line)\n        _set(self, 'column', column)\n        _set(self, 'source_line', source_line)\n        _set(self, 'severity', severity)\n    def __eq__(self, other):\n        if other.__class__ is self.__class__:\n            return (self.message,self.file,self.line,self.column,self.source_line,self.severity,) == (other.message,other.file,other.line,other.column,other.source_line,other.severity,)\n        return NotImplemented\n    def __hash__(self):\n        return hash((self.message,self.file,self.line,self.column,self.source_line,self.severity,))\n    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}\n"] = _methods  # noqa: F811


def _methods(_MISSING, _default_svg, _factory_states, _set):
    def __init__(self, note, svg=_default_svg, states=_MISSING):
        _set(self, 'note', note)
        _set(self, 'svg', svg)
        _set(self, 'states', _factory_states() if states is _MISSING else states)
    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.note,self.svg,self.states,) == (other.note,other.svg,other.states,)
        return NotImplemented
    def __hash__(self):
        return hash((self.note,self.svg,self.states,))
    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}


MAKERS["def _methods(_MISSING, _default_svg, _factory_states, _set):\n    def __init__(self, note, svg=_default_svg, states=_MISSING):\n        _set(self, 'note', note)\n        _set(self, 'svg', svg)\n        _set(self, 'states', _factory_states() if states is _MISSING else states)\n    def __eq__(self, other):\n        if other.__class__ is self.__class__:\n            return (self.note,self.svg,self.states,) == (other.note,other.svg,other.states,)\n        return NotImplemented\n    def __hash__(self):\n        return hash((self.note,self.svg,self.states,))\n    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}\n"] = _methods  # noqa: F811


def _methods(_MISSING, _default_symbols, _default_variable, _set):
    def __init__(self, kind, symbols=_default_symbols, variable=_default_variable):
        _set(self, 'kind', kind)
        _set(self, 'symbols', symbols)
        _set(self, 'variable', variable)
    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.kind,self.symbols,self.variable,) == (other.kind,other.symbols,other.variable,)
        return NotImplemented
    def __hash__(self):
        return hash((self.kind,self.symbols,self.variable,))
    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}


MAKERS["def _methods(_MISSING, _default_symbols, _default_variable, _set):\n    def __init__(self, kind, symbols=_default_symbols, variable=_default_variable):\n        _set(self, 'kind', kind)\n        _set(self, 'symbols', symbols)\n        _set(self, 'variable', variable)\n    def __eq__(self, other):\n        if other.__class__ is self.__class__:\n            return (self.kind,self.symbols,self.variable,) == (other.kind,other.symbols,other.variable,)\n        return NotImplemented\n    def __hash__(self):\n        return hash((self.kind,self.symbols,self.variable,))\n    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}\n"] = _methods  # noqa: F811


def _methods(_MISSING, _factory_actions, _factory_evolution_rules, _factory_propositions, _factory_protocol_rules, _factory_variables, _set):
    def __init__(self, file, variables=_MISSING, actions=_MISSING, propositions=_MISSING, protocol_rules=_MISSING, evolution_rules=_MISSING):
        _set(self, 'file', file)
        _set(self, 'variables', _factory_variables() if variables is _MISSING else variables)
        _set(self, 'actions', _factory_actions() if actions is _MISSING else actions)
        _set(self, 'propositions', _factory_propositions() if propositions is _MISSING else propositions)
        _set(self, 'protocol_rules', _factory_protocol_rules() if protocol_rules is _MISSING else protocol_rules)
        _set(self, 'evolution_rules', _factory_evolution_rules() if evolution_rules is _MISSING else evolution_rules)
    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.file,self.variables,self.actions,self.propositions,self.protocol_rules,self.evolution_rules,) == (other.file,other.variables,other.actions,other.propositions,other.protocol_rules,other.evolution_rules,)
        return NotImplemented
    def __hash__(self):
        return hash((self.file,self.variables,self.actions,self.propositions,self.protocol_rules,self.evolution_rules,))
    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}


MAKERS["def _methods(_MISSING, _factory_actions, _factory_evolution_rules, _factory_propositions, _factory_protocol_rules, _factory_variables, _set):\n    def __init__(self, file, variables=_MISSING, actions=_MISSING, propositions=_MISSING, protocol_rules=_MISSING, evolution_rules=_MISSING):\n        _set(self, 'file', file)\n        _set(self, 'variables', _factory_variables() if variables is _MISSING else variables)\n        _set(self, 'actions', _factory_actions() if actions is _MISSING else actions)\n        _set(self, 'propositions', _factory_propositions() if propositions is _MISSING else propositions)\n        _set(self, 'protocol_rules', _factory_protocol_rules() if protocol_rules is _MISSING else protocol_rules)\n        _set(self, 'evolution_rules', _factory_evolution_rules() if evolution_rules is _MISSING else evolution_rules)\n    def __eq__(self, other):\n        if other.__class__ is self.__class__:\n            return (self.file,self.variables,self.actions,self.propositions,self.protocol_rules,self.evolution_rules,) == (other.file,other.variables,other.actions,other.propositions,other.protocol_rules,other.evolution_rules,)\n        return NotImplemented\n    def __hash__(self):\n        return hash((self.file,self.variables,self.actions,self.propositions,self.protocol_rules,self.evolution_rules,))\n    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}\n"] = _methods  # noqa: F811


def _methods(_MISSING, _factory_right_open, _set):
    def __init__(self, binary, prefix, right_open=_MISSING):
        _set(self, 'binary', binary)
        _set(self, 'prefix', prefix)
        _set(self, 'right_open', _factory_right_open() if right_open is _MISSING else right_open)
    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.binary,self.prefix,self.right_open,) == (other.binary,other.prefix,other.right_open,)
        return NotImplemented
    def __hash__(self):
        return hash((self.binary,self.prefix,self.right_open,))
    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}


MAKERS["def _methods(_MISSING, _factory_right_open, _set):\n    def __init__(self, binary, prefix, right_open=_MISSING):\n        _set(self, 'binary', binary)\n        _set(self, 'prefix', prefix)\n        _set(self, 'right_open', _factory_right_open() if right_open is _MISSING else right_open)\n    def __eq__(self, other):\n        if other.__class__ is self.__class__:\n            return (self.binary,self.prefix,self.right_open,) == (other.binary,other.prefix,other.right_open,)\n        return NotImplemented\n    def __hash__(self):\n        return hash((self.binary,self.prefix,self.right_open,))\n    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}\n"] = _methods  # noqa: F811


def _methods(_MISSING, _set):
    def __init__(self):
        pass
    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return () == ()
        return NotImplemented
    def __hash__(self):
        return hash(())
    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}


MAKERS["def _methods(_MISSING, _set):\n    def __init__(self):\n        pass\n    def __eq__(self, other):\n        if other.__class__ is self.__class__:\n            return () == ()\n        return NotImplemented\n    def __hash__(self):\n        return hash(())\n    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}\n"] = _methods  # noqa: F811


def _methods(_MISSING, _set):
    def __init__(self, action, target):
        _set(self, 'action', action)
        _set(self, 'target', target)
    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.action,self.target,) == (other.action,other.target,)
        return NotImplemented
    def __hash__(self):
        return hash((self.action,self.target,))
    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}


MAKERS["def _methods(_MISSING, _set):\n    def __init__(self, action, target):\n        _set(self, 'action', action)\n        _set(self, 'target', target)\n    def __eq__(self, other):\n        if other.__class__ is self.__class__:\n            return (self.action,self.target,) == (other.action,other.target,)\n        return NotImplemented\n    def __hash__(self):\n        return hash((self.action,self.target,))\n    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}\n"] = _methods  # noqa: F811


def _methods(_MISSING, _set):
    def __init__(self, actions, gotos, start):
        _set(self, 'actions', actions)
        _set(self, 'gotos', gotos)
        _set(self, 'start', start)
    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.actions,self.gotos,self.start,) == (other.actions,other.gotos,other.start,)
        return NotImplemented
    def __hash__(self):
        return hash((self.actions,self.gotos,self.start,))
    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}


MAKERS["def _methods(_MISSING, _set):\n    def __init__(self, actions, gotos, start):\n        _set(self, 'actions', actions)\n        _set(self, 'gotos', gotos)\n        _set(self, 'start', start)\n    def __eq__(self, other):\n        if other.__class__ is self.__class__:\n            return (self.actions,self.gotos,self.start,) == (other.actions,other.gotos,other.start,)\n        return NotImplemented\n    def __hash__(self):\n        return hash((self.actions,self.gotos,self.start,))\n    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}\n"] = _methods  # noqa: F811


def _methods(_MISSING, _set):
    def __init__(self, agent, action):
        _set(self, 'agent', agent)
        _set(self, 'action', action)
    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.agent,self.action,) == (other.agent,other.action,)
        return NotImplemented
    def __hash__(self):
        return hash((self.agent,self.action,))
    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}


MAKERS["def _methods(_MISSING, _set):\n    def __init__(self, agent, action):\n        _set(self, 'agent', agent)\n        _set(self, 'action', action)\n    def __eq__(self, other):\n        if other.__class__ is self.__class__:\n            return (self.agent,self.action,) == (other.agent,other.action,)\n        return NotImplemented\n    def __hash__(self):\n        return hash((self.agent,self.action,))\n    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}\n"] = _methods  # noqa: F811


def _methods(_MISSING, _set):
    def __init__(self, agent, action, pos):
        _set(self, 'agent', agent)
        _set(self, 'action', action)
        _set(self, 'pos', pos)
    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.agent,self.action,self.pos,) == (other.agent,other.action,other.pos,)
        return NotImplemented
    def __hash__(self):
        return hash((self.agent,self.action,self.pos,))
    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}


MAKERS["def _methods(_MISSING, _set):\n    def __init__(self, agent, action, pos):\n        _set(self, 'agent', agent)\n        _set(self, 'action', action)\n        _set(self, 'pos', pos)\n    def __eq__(self, other):\n        if other.__class__ is self.__class__:\n            return (self.agent,self.action,self.pos,) == (other.agent,other.action,other.pos,)\n        return NotImplemented\n    def __hash__(self):\n        return hash((self.agent,self.action,self.pos,))\n    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}\n"] = _methods  # noqa: F811


def _methods(_MISSING, _set):
    def __init__(self, agent, bits, actions):
        _set(self, 'agent', agent)
        _set(self, 'bits', bits)
        _set(self, 'actions', actions)
    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.agent,self.bits,self.actions,) == (other.agent,other.bits,other.actions,)
        return NotImplemented
    def __hash__(self):
        return hash((self.agent,self.bits,self.actions,))
    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}


MAKERS["def _methods(_MISSING, _set):\n    def __init__(self, agent, bits, actions):\n        _set(self, 'agent', agent)\n        _set(self, 'bits', bits)\n        _set(self, 'actions', actions)\n    def __eq__(self, other):\n        if other.__class__ is self.__class__:\n            return (self.agent,self.bits,self.actions,) == (other.agent,other.bits,other.actions,)\n        return NotImplemented\n    def __hash__(self):\n        return hash((self.agent,self.bits,self.actions,))\n    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}\n"] = _methods  # noqa: F811


def _methods(_MISSING, _set):
    def __init__(self, agent, name, pos):
        _set(self, 'agent', agent)
        _set(self, 'name', name)
        _set(self, 'pos', pos)
    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.agent,self.name,self.pos,) == (other.agent,other.name,other.pos,)
        return NotImplemented
    def __hash__(self):
        return hash((self.agent,self.name,self.pos,))
    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}


MAKERS["def _methods(_MISSING, _set):\n    def __init__(self, agent, name, pos):\n        _set(self, 'agent', agent)\n        _set(self, 'name', name)\n        _set(self, 'pos', pos)\n    def __eq__(self, other):\n        if other.__class__ is self.__class__:\n            return (self.agent,self.name,self.pos,) == (other.agent,other.name,other.pos,)\n        return NotImplemented\n    def __hash__(self):\n        return hash((self.agent,self.name,self.pos,))\n    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}\n"] = _methods  # noqa: F811


def _methods(_MISSING, _set):
    def __init__(self, agent, name, type):
        _set(self, 'agent', agent)
        _set(self, 'name', name)
        _set(self, 'type', type)
    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.agent,self.name,self.type,) == (other.agent,other.name,other.type,)
        return NotImplemented
    def __hash__(self):
        return hash((self.agent,self.name,self.type,))
    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}


MAKERS["def _methods(_MISSING, _set):\n    def __init__(self, agent, name, type):\n        _set(self, 'agent', agent)\n        _set(self, 'name', name)\n        _set(self, 'type', type)\n    def __eq__(self, other):\n        if other.__class__ is self.__class__:\n            return (self.agent,self.name,self.type,) == (other.agent,other.name,other.type,)\n        return NotImplemented\n    def __hash__(self):\n        return hash((self.agent,self.name,self.type,))\n    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}\n"] = _methods  # noqa: F811


def _methods(_MISSING, _set):
    def __init__(self, assignments, guard):
        _set(self, 'assignments', assignments)
        _set(self, 'guard', guard)
    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.assignments,self.guard,) == (other.assignments,other.guard,)
        return NotImplemented
    def __hash__(self):
        return hash((self.assignments,self.guard,))
    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}


MAKERS["def _methods(_MISSING, _set):\n    def __init__(self, assignments, guard):\n        _set(self, 'assignments', assignments)\n        _set(self, 'guard', guard)\n    def __eq__(self, other):\n        if other.__class__ is self.__class__:\n            return (self.assignments,self.guard,) == (other.assignments,other.guard,)\n        return NotImplemented\n    def __hash__(self):\n        return hash((self.assignments,self.guard,))\n    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}\n"] = _methods  # noqa: F811


def _methods(_MISSING, _set):
    def __init__(self, belief, outcomes):
        _set(self, 'belief', belief)
        _set(self, 'outcomes', outcomes)
    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.belief,self.outcomes,) == (other.belief,other.outcomes,)
        return NotImplemented
    def __hash__(self):
        return hash((self.belief,self.outcomes,))
    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}


MAKERS["def _methods(_MISSING, _set):\n    def __init__(self, belief, outcomes):\n        _set(self, 'belief', belief)\n        _set(self, 'outcomes', outcomes)\n    def __eq__(self, other):\n        if other.__class__ is self.__class__:\n            return (self.belief,self.outcomes,) == (other.belief,other.outcomes,)\n        return NotImplemented\n    def __hash__(self):\n        return hash((self.belief,self.outcomes,))\n    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}\n"] = _methods  # noqa: F811


def _methods(_MISSING, _set):
    def __init__(self, commitment, operation):
        _set(self, 'commitment', commitment)
        _set(self, 'operation', operation)
    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.commitment,self.operation,) == (other.commitment,other.operation,)
        return NotImplemented
    def __hash__(self):
        return hash((self.commitment,self.operation,))
    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}


MAKERS["def _methods(_MISSING, _set):\n    def __init__(self, commitment, operation):\n        _set(self, 'commitment', commitment)\n        _set(self, 'operation', operation)\n    def __eq__(self, other):\n        if other.__class__ is self.__class__:\n            return (self.commitment,self.operation,) == (other.commitment,other.operation,)\n        return NotImplemented\n    def __hash__(self):\n        return hash((self.commitment,self.operation,))\n    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}\n"] = _methods  # noqa: F811


def _methods(_MISSING, _set):
    def __init__(self, condition, actions, pos):
        _set(self, 'condition', condition)
        _set(self, 'actions', actions)
        _set(self, 'pos', pos)
    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.condition,self.actions,self.pos,) == (other.condition,other.actions,other.pos,)
        return NotImplemented
    def __hash__(self):
        return hash((self.condition,self.actions,self.pos,))
    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}


MAKERS["def _methods(_MISSING, _set):\n    def __init__(self, condition, actions, pos):\n        _set(self, 'condition', condition)\n        _set(self, 'actions', actions)\n        _set(self, 'pos', pos)\n    def __eq__(self, other):\n        if other.__class__ is self.__class__:\n            return (self.condition,self.actions,self.pos,) == (other.condition,other.actions,other.pos,)\n        return NotImplemented\n    def __hash__(self):\n        return hash((self.condition,self.actions,self.pos,))\n    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}\n"] = _methods  # noqa: F811


def _methods(_MISSING, _set):
    def __init__(self, count, listed):
        _set(self, 'count', count)
        _set(self, 'listed', listed)
    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.count,self.listed,) == (other.count,other.listed,)
        return NotImplemented
    def __hash__(self):
        return hash((self.count,self.listed,))
    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}


MAKERS["def _methods(_MISSING, _set):\n    def __init__(self, count, listed):\n        _set(self, 'count', count)\n        _set(self, 'listed', listed)\n    def __eq__(self, other):\n        if other.__class__ is self.__class__:\n            return (self.count,self.listed,) == (other.count,other.listed,)\n        return NotImplemented\n    def __hash__(self):\n        return hash((self.count,self.listed,))\n    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}\n"] = _methods  # noqa: F811


def _methods(_MISSING, _set):
    def __init__(self, effects, commitment, source, target, util):
        _set(self, 'effects', effects)
        _set(self, 'commitment', commitment)
        _set(self, 'source', source)
        _set(self, 'target', target)
        _set(self, 'util', util)
    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.effects,self.commitment,self.source,self.target,self.util,) == (other.effects,other.commitment,other.source,other.target,other.util,)
        return NotImplemented
    def __hash__(self):
        return hash((self.effects,self.commitment,self.source,self.target,self.util,))
    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}


MAKERS["def _methods(_MISSING, _set):\n    def __init__(self, effects, commitment, source, target, util):\n        _set(self, 'effects', effects)\n        _set(self, 'commitment', commitment)\n        _set(self, 'source', source)\n        _set(self, 'target', target)\n        _set(self, 'util', util)\n    def __eq__(self, other):\n        if other.__class__ is self.__class__:\n            return (self.effects,self.commitment,self.source,self.target,self.util,) == (other.effects,other.commitment,other.source,other.target,other.util,)\n        return NotImplemented\n    def __hash__(self):\n        return hash((self.effects,self.commitment,self.source,self.target,self.util,))\n    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}\n"] = _methods  # noqa: F811


def _methods(_MISSING, _set):
    def __init__(self, enabled, candidates, evaluated, transitions):
        _set(self, 'enabled', enabled)
        _set(self, 'candidates', candidates)
        _set(self, 'evaluated', evaluated)
        _set(self, 'transitions', transitions)
    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.enabled,self.candidates,self.evaluated,self.transitions,) == (other.enabled,other.candidates,other.evaluated,other.transitions,)
        return NotImplemented
    def __hash__(self):
        return hash((self.enabled,self.candidates,self.evaluated,self.transitions,))
    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}


MAKERS["def _methods(_MISSING, _set):\n    def __init__(self, enabled, candidates, evaluated, transitions):\n        _set(self, 'enabled', enabled)\n        _set(self, 'candidates', candidates)\n        _set(self, 'evaluated', evaluated)\n        _set(self, 'transitions', transitions)\n    def __eq__(self, other):\n        if other.__class__ is self.__class__:\n            return (self.enabled,self.candidates,self.evaluated,self.transitions,) == (other.enabled,other.candidates,other.evaluated,other.transitions,)\n        return NotImplemented\n    def __hash__(self):\n        return hash((self.enabled,self.candidates,self.evaluated,self.transitions,))\n    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}\n"] = _methods  # noqa: F811


def _methods(_MISSING, _set):
    def __init__(self, event, operation, commitment):
        _set(self, 'event', event)
        _set(self, 'operation', operation)
        _set(self, 'commitment', commitment)
    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.event,self.operation,self.commitment,) == (other.event,other.operation,other.commitment,)
        return NotImplemented
    def __hash__(self):
        return hash((self.event,self.operation,self.commitment,))
    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}


MAKERS["def _methods(_MISSING, _set):\n    def __init__(self, event, operation, commitment):\n        _set(self, 'event', event)\n        _set(self, 'operation', operation)\n        _set(self, 'commitment', commitment)\n    def __eq__(self, other):\n        if other.__class__ is self.__class__:\n            return (self.event,self.operation,self.commitment,) == (other.event,other.operation,other.commitment,)\n        return NotImplemented\n    def __hash__(self):\n        return hash((self.event,self.operation,self.commitment,))\n    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}\n"] = _methods  # noqa: F811


def _methods(_MISSING, _set):
    def __init__(self, event, probability, target):
        _set(self, 'event', event)
        _set(self, 'probability', probability)
        _set(self, 'target', target)
    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.event,self.probability,self.target,) == (other.event,other.probability,other.target,)
        return NotImplemented
    def __hash__(self):
        return hash((self.event,self.probability,self.target,))
    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}


MAKERS["def _methods(_MISSING, _set):\n    def __init__(self, event, probability, target):\n        _set(self, 'event', event)\n        _set(self, 'probability', probability)\n        _set(self, 'target', target)\n    def __eq__(self, other):\n        if other.__class__ is self.__class__:\n            return (self.event,self.probability,self.target,) == (other.event,other.probability,other.target,)\n        return NotImplemented\n    def __hash__(self):\n        return hash((self.event,self.probability,self.target,))\n    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}\n"] = _methods  # noqa: F811


def _methods(_MISSING, _set):
    def __init__(self, file, line, column, message, kind):
        _set(self, 'file', file)
        _set(self, 'line', line)
        _set(self, 'column', column)
        _set(self, 'message', message)
        _set(self, 'kind', kind)
    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.file,self.line,self.column,self.message,self.kind,) == (other.file,other.line,other.column,other.message,other.kind,)
        return NotImplemented
    def __hash__(self):
        return hash((self.file,self.line,self.column,self.message,self.kind,))
    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}


MAKERS["def _methods(_MISSING, _set):\n    def __init__(self, file, line, column, message, kind):\n        _set(self, 'file', file)\n        _set(self, 'line', line)\n        _set(self, 'column', column)\n        _set(self, 'message', message)\n        _set(self, 'kind', kind)\n    def __eq__(self, other):\n        if other.__class__ is self.__class__:\n            return (self.file,self.line,self.column,self.message,self.kind,) == (other.file,other.line,other.column,other.message,other.kind,)\n        return NotImplemented\n    def __hash__(self):\n        return hash((self.file,self.line,self.column,self.message,self.kind,))\n    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}\n"] = _methods  # noqa: F811


def _methods(_MISSING, _set):
    def __init__(self, formula, verdict):
        _set(self, 'formula', formula)
        _set(self, 'verdict', verdict)
    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.formula,self.verdict,) == (other.formula,other.verdict,)
        return NotImplemented
    def __hash__(self):
        return hash((self.formula,self.verdict,))
    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}


MAKERS["def _methods(_MISSING, _set):\n    def __init__(self, formula, verdict):\n        _set(self, 'formula', formula)\n        _set(self, 'verdict', verdict)\n    def __eq__(self, other):\n        if other.__class__ is self.__class__:\n            return (self.formula,self.verdict,) == (other.formula,other.verdict,)\n        return NotImplemented\n    def __hash__(self):\n        return hash((self.formula,self.verdict,))\n    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}\n"] = _methods  # noqa: F811


def _methods(_MISSING, _set):
    def __init__(self, index, state, values, propositions, initial, deadlock, distance):
        _set(self, 'index', index)
        _set(self, 'state', state)
        _set(self, 'values', values)
        _set(self, 'propositions', propositions)
        _set(self, 'initial', initial)
        _set(self, 'deadlock', deadlock)
        _set(self, 'distance', distance)
    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.index,self.state,self.values,self.propositions,self.initial,self.deadlock,self.distance,) == (other.index,other.state,other.values,other.propositions,other.initial,other.deadlock,other.distance,)
        return NotImplemented
    def __hash__(self):
        return hash((self.index,self.state,self.values,self.propositions,self.initial,self.deadlock,self.distance,))
    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}


MAKERS["def _methods(_MISSING, _set):\n    def __init__(self, index, state, values, propositions, initial, deadlock, distance):\n        _set(self, 'index', index)\n        _set(self, 'state', state)\n        _set(self, 'values', values)\n        _set(self, 'propositions', propositions)\n        _set(self, 'initial', initial)\n        _set(self, 'deadlock', deadlock)\n        _set(self, 'distance', distance)\n    def __eq__(self, other):\n        if other.__class__ is self.__class__:\n            return (self.index,self.state,self.values,self.propositions,self.initial,self.deadlock,self.distance,) == (other.index,other.state,other.values,other.propositions,other.initial,other.deadlock,other.distance,)\n        return NotImplemented\n    def __hash__(self):\n        return hash((self.index,self.state,self.values,self.propositions,self.initial,self.deadlock,self.distance,))\n    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}\n"] = _methods  # noqa: F811


def _methods(_MISSING, _set):
    def __init__(self, kind, text, line, column):
        _set(self, 'kind', kind)
        _set(self, 'text', text)
        _set(self, 'line', line)
        _set(self, 'column', column)
    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.kind,self.text,self.line,self.column,) == (other.kind,other.text,other.line,other.column,)
        return NotImplemented
    def __hash__(self):
        return hash((self.kind,self.text,self.line,self.column,))
    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}


MAKERS["def _methods(_MISSING, _set):\n    def __init__(self, kind, text, line, column):\n        _set(self, 'kind', kind)\n        _set(self, 'text', text)\n        _set(self, 'line', line)\n        _set(self, 'column', column)\n    def __eq__(self, other):\n        if other.__class__ is self.__class__:\n            return (self.kind,self.text,self.line,self.column,) == (other.kind,other.text,other.line,other.column,)\n        return NotImplemented\n    def __hash__(self):\n        return hash((self.kind,self.text,self.line,self.column,))\n    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}\n"] = _methods  # noqa: F811


def _methods(_MISSING, _set):
    def __init__(self, leaf, positive):
        _set(self, 'leaf', leaf)
        _set(self, 'positive', positive)
    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.leaf,self.positive,) == (other.leaf,other.positive,)
        return NotImplemented
    def __hash__(self):
        return hash((self.leaf,self.positive,))
    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}


MAKERS["def _methods(_MISSING, _set):\n    def __init__(self, leaf, positive):\n        _set(self, 'leaf', leaf)\n        _set(self, 'positive', positive)\n    def __eq__(self, other):\n        if other.__class__ is self.__class__:\n            return (self.leaf,self.positive,) == (other.leaf,other.positive,)\n        return NotImplemented\n    def __hash__(self):\n        return hash((self.leaf,self.positive,))\n    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}\n"] = _methods  # noqa: F811


def _methods(_MISSING, _set):
    def __init__(self, left, right):
        _set(self, 'left', left)
        _set(self, 'right', right)
    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.left,self.right,) == (other.left,other.right,)
        return NotImplemented
    def __hash__(self):
        return hash((self.left,self.right,))
    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}


MAKERS["def _methods(_MISSING, _set):\n    def __init__(self, left, right):\n        _set(self, 'left', left)\n        _set(self, 'right', right)\n    def __eq__(self, other):\n        if other.__class__ is self.__class__:\n            return (self.left,self.right,) == (other.left,other.right,)\n        return NotImplemented\n    def __hash__(self):\n        return hash((self.left,self.right,))\n    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}\n"] = _methods  # noqa: F811


def _methods(_MISSING, _set):
    def __init__(self, lhs, rhs, build):
        _set(self, 'lhs', lhs)
        _set(self, 'rhs', rhs)
        _set(self, 'build', build)
    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.lhs,self.rhs,self.build,) == (other.lhs,other.rhs,other.build,)
        return NotImplemented
    def __hash__(self):
        return hash((self.lhs,self.rhs,self.build,))
    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}


MAKERS["def _methods(_MISSING, _set):\n    def __init__(self, lhs, rhs, build):\n        _set(self, 'lhs', lhs)\n        _set(self, 'rhs', rhs)\n        _set(self, 'build', build)\n    def __eq__(self, other):\n        if other.__class__ is self.__class__:\n            return (self.lhs,self.rhs,self.build,) == (other.lhs,other.rhs,other.build,)\n        return NotImplemented\n    def __hash__(self):\n        return hash((self.lhs,self.rhs,self.build,))\n    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}\n"] = _methods  # noqa: F811


def _methods(_MISSING, _set):
    def __init__(self, low, high):
        _set(self, 'low', low)
        _set(self, 'high', high)
    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.low,self.high,) == (other.low,other.high,)
        return NotImplemented
    def __hash__(self):
        return hash((self.low,self.high,))
    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}


MAKERS["def _methods(_MISSING, _set):\n    def __init__(self, low, high):\n        _set(self, 'low', low)\n        _set(self, 'high', high)\n    def __eq__(self, other):\n        if other.__class__ is self.__class__:\n            return (self.low,self.high,) == (other.low,other.high,)\n        return NotImplemented\n    def __hash__(self):\n        return hash((self.low,self.high,))\n    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}\n"] = _methods  # noqa: F811


def _methods(_MISSING, _set):
    def __init__(self, low, high, pos):
        _set(self, 'low', low)
        _set(self, 'high', high)
        _set(self, 'pos', pos)
    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.low,self.high,self.pos,) == (other.low,other.high,other.pos,)
        return NotImplemented
    def __hash__(self):
        return hash((self.low,self.high,self.pos,))
    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}


MAKERS["def _methods(_MISSING, _set):\n    def __init__(self, low, high, pos):\n        _set(self, 'low', low)\n        _set(self, 'high', high)\n        _set(self, 'pos', pos)\n    def __eq__(self, other):\n        if other.__class__ is self.__class__:\n            return (self.low,self.high,self.pos,) == (other.low,other.high,other.pos,)\n        return NotImplemented\n    def __hash__(self):\n        return hash((self.low,self.high,self.pos,))\n    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}\n"] = _methods  # noqa: F811


def _methods(_MISSING, _set):
    def __init__(self, name, condition, pos):
        _set(self, 'name', name)
        _set(self, 'condition', condition)
        _set(self, 'pos', pos)
    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.name,self.condition,self.pos,) == (other.name,other.condition,other.pos,)
        return NotImplemented
    def __hash__(self):
        return hash((self.name,self.condition,self.pos,))
    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}


MAKERS["def _methods(_MISSING, _set):\n    def __init__(self, name, condition, pos):\n        _set(self, 'name', name)\n        _set(self, 'condition', condition)\n        _set(self, 'pos', pos)\n    def __eq__(self, other):\n        if other.__class__ is self.__class__:\n            return (self.name,self.condition,self.pos,) == (other.name,other.condition,other.pos,)\n        return NotImplemented\n    def __hash__(self):\n        return hash((self.name,self.condition,self.pos,))\n    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}\n"] = _methods  # noqa: F811


def _methods(_MISSING, _set):
    def __init__(self, name, debtor, creditor, antecedent, consequent):
        _set(self, 'name', name)
        _set(self, 'debtor', debtor)
        _set(self, 'creditor', creditor)
        _set(self, 'antecedent', antecedent)
        _set(self, 'consequent', consequent)
    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.name,self.debtor,self.creditor,self.antecedent,self.consequent,) == (other.name,other.debtor,other.creditor,other.antecedent,other.consequent,)
        return NotImplemented
    def __hash__(self):
        return hash((self.name,self.debtor,self.creditor,self.antecedent,self.consequent,))
    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}


MAKERS["def _methods(_MISSING, _set):\n    def __init__(self, name, debtor, creditor, antecedent, consequent):\n        _set(self, 'name', name)\n        _set(self, 'debtor', debtor)\n        _set(self, 'creditor', creditor)\n        _set(self, 'antecedent', antecedent)\n        _set(self, 'consequent', consequent)\n    def __eq__(self, other):\n        if other.__class__ is self.__class__:\n            return (self.name,self.debtor,self.creditor,self.antecedent,self.consequent,) == (other.name,other.debtor,other.creditor,other.antecedent,other.consequent,)\n        return NotImplemented\n    def __hash__(self):\n        return hash((self.name,self.debtor,self.creditor,self.antecedent,self.consequent,))\n    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}\n"] = _methods  # noqa: F811


def _methods(_MISSING, _set):
    def __init__(self, name, initiator, effects):
        _set(self, 'name', name)
        _set(self, 'initiator', initiator)
        _set(self, 'effects', effects)
    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.name,self.initiator,self.effects,) == (other.name,other.initiator,other.effects,)
        return NotImplemented
    def __hash__(self):
        return hash((self.name,self.initiator,self.effects,))
    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}


MAKERS["def _methods(_MISSING, _set):\n    def __init__(self, name, initiator, effects):\n        _set(self, 'name', name)\n        _set(self, 'initiator', initiator)\n        _set(self, 'effects', effects)\n    def __eq__(self, other):\n        if other.__class__ is self.__class__:\n            return (self.name,self.initiator,self.effects,) == (other.name,other.initiator,other.effects,)\n        return NotImplemented\n    def __hash__(self):\n        return hash((self.name,self.initiator,self.effects,))\n    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}\n"] = _methods  # noqa: F811


def _methods(_MISSING, _set):
    def __init__(self, name, is_environment, obsvars, vars, lobsvars, red_states, actions, actions_pos, protocol, protocol_pos, evolution, evolution_pos, pos):
        _set(self, 'name', name)
        _set(self, 'is_environment', is_environment)
        _set(self, 'obsvars', obsvars)
        _set(self, 'vars', vars)
        _set(self, 'lobsvars', lobsvars)
        _set(self, 'red_states', red_states)
        _set(self, 'actions', actions)
        _set(self, 'actions_pos', actions_pos)
        _set(self, 'protocol', protocol)
        _set(self, 'protocol_pos', protocol_pos)
        _set(self, 'evolution', evolution)
        _set(self, 'evolution_pos', evolution_pos)
        _set(self, 'pos', pos)
    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.name,self.is_environment,self.obsvars,self.vars,self.lobsvars,self.red_states,self.actions,self.actions_pos,self.protocol,self.protocol_pos,self.evolution,self.evolution_pos,self.pos,) == (other.name,other.is_environment,other.obsvars,other.vars,other.lobsvars,other.red_states,other.actions,other.actions_pos,other.protocol,other.protocol_pos,other.evolution,other.evolution_pos,other.pos,)
        return NotImplemented
    def __hash__(self):
        return hash((self.name,self.is_environment,self.obsvars,self.vars,self.lobsvars,self.red_states,self.actions,self.actions_pos,self.protocol,self.protocol_pos,self.evolution,self.evolution_pos,self.pos,))
    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}


MAKERS["def _methods(_MISSING, _set):\n    def __init__(self, name, is_environment, obsvars, vars, lobsvars, red_states, actions, actions_pos, protocol, protocol_pos, evolution, evolution_pos, pos):\n        _set(self, 'name', name)\n        _set(self, 'is_environment', is_environment)\n        _set(self, 'obsvars', obsvars)\n        _set(self, 'vars', vars)\n        _set(self, 'lobsvars', lobsvars)\n        _set(self, 'red_states', red_states)\n        _set(self, 'actions', actions)\n        _set(self, 'actions_pos', actions_pos)\n        _set(self, 'protocol', protocol)\n        _set(self, 'protocol_pos', protocol_pos)\n        _set(self, 'evolution', evolution)\n        _set(self, 'evolution_pos', evolution_pos)\n        _set(self, 'pos', pos)\n    def __eq__(self, other):\n        if other.__class__ is self.__class__:\n            return (self.name,self.is_environment,self.obsvars,self.vars,self.lobsvars,self.red_states,self.actions,self.actions_pos,self.protocol,self.protocol_pos,self.evolution,self.evolution_pos,self.pos,) == (other.name,other.is_environment,other.obsvars,other.vars,other.lobsvars,other.red_states,other.actions,other.actions_pos,other.protocol,other.protocol_pos,other.evolution,other.evolution_pos,other.pos,)\n        return NotImplemented\n    def __hash__(self):\n        return hash((self.name,self.is_environment,self.obsvars,self.vars,self.lobsvars,self.red_states,self.actions,self.actions_pos,self.protocol,self.protocol_pos,self.evolution,self.evolution_pos,self.pos,))\n    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}\n"] = _methods  # noqa: F811


def _methods(_MISSING, _set):
    def __init__(self, name, members, pos):
        _set(self, 'name', name)
        _set(self, 'members', members)
        _set(self, 'pos', pos)
    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.name,self.members,self.pos,) == (other.name,other.members,other.pos,)
        return NotImplemented
    def __hash__(self):
        return hash((self.name,self.members,self.pos,))
    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}


MAKERS["def _methods(_MISSING, _set):\n    def __init__(self, name, members, pos):\n        _set(self, 'name', name)\n        _set(self, 'members', members)\n        _set(self, 'pos', pos)\n    def __eq__(self, other):\n        if other.__class__ is self.__class__:\n            return (self.name,self.members,self.pos,) == (other.name,other.members,other.pos,)\n        return NotImplemented\n    def __hash__(self):\n        return hash((self.name,self.members,self.pos,))\n    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}\n"] = _methods  # noqa: F811


def _methods(_MISSING, _set):
    def __init__(self, name, path, jobs):
        _set(self, 'name', name)
        _set(self, 'path', path)
        _set(self, 'jobs', jobs)
    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.name,self.path,self.jobs,) == (other.name,other.path,other.jobs,)
        return NotImplemented
    def __hash__(self):
        return hash((self.name,self.path,self.jobs,))
    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}


MAKERS["def _methods(_MISSING, _set):\n    def __init__(self, name, path, jobs):\n        _set(self, 'name', name)\n        _set(self, 'path', path)\n        _set(self, 'jobs', jobs)\n    def __eq__(self, other):\n        if other.__class__ is self.__class__:\n            return (self.name,self.path,self.jobs,) == (other.name,other.path,other.jobs,)\n        return NotImplemented\n    def __hash__(self):\n        return hash((self.name,self.path,self.jobs,))\n    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}\n"] = _methods  # noqa: F811


def _methods(_MISSING, _set):
    def __init__(self, name, pos):
        _set(self, 'name', name)
        _set(self, 'pos', pos)
    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.name,self.pos,) == (other.name,other.pos,)
        return NotImplemented
    def __hash__(self):
        return hash((self.name,self.pos,))
    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}


MAKERS["def _methods(_MISSING, _set):\n    def __init__(self, name, pos):\n        _set(self, 'name', name)\n        _set(self, 'pos', pos)\n    def __eq__(self, other):\n        if other.__class__ is self.__class__:\n            return (self.name,self.pos,) == (other.name,other.pos,)\n        return NotImplemented\n    def __hash__(self):\n        return hash((self.name,self.pos,))\n    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}\n"] = _methods  # noqa: F811


def _methods(_MISSING, _set):
    def __init__(self, name, type, pos):
        _set(self, 'name', name)
        _set(self, 'type', type)
        _set(self, 'pos', pos)
    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.name,self.type,self.pos,) == (other.name,other.type,other.pos,)
        return NotImplemented
    def __hash__(self):
        return hash((self.name,self.type,self.pos,))
    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}


MAKERS["def _methods(_MISSING, _set):\n    def __init__(self, name, type, pos):\n        _set(self, 'name', name)\n        _set(self, 'type', type)\n        _set(self, 'pos', pos)\n    def __eq__(self, other):\n        if other.__class__ is self.__class__:\n            return (self.name,self.type,self.pos,) == (other.name,other.type,other.pos,)\n        return NotImplemented\n    def __hash__(self):\n        return hash((self.name,self.type,self.pos,))\n    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}\n"] = _methods  # noqa: F811


def _methods(_MISSING, _set):
    def __init__(self, now, later):
        _set(self, 'now', now)
        _set(self, 'later', later)
    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.now,self.later,) == (other.now,other.later,)
        return NotImplemented
    def __hash__(self):
        return hash((self.now,self.later,))
    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}


MAKERS["def _methods(_MISSING, _set):\n    def __init__(self, now, later):\n        _set(self, 'now', now)\n        _set(self, 'later', later)\n    def __eq__(self, other):\n        if other.__class__ is self.__class__:\n            return (self.now,self.later,) == (other.now,other.later,)\n        return NotImplemented\n    def __hash__(self):\n        return hash((self.now,self.later,))\n    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}\n"] = _methods  # noqa: F811


def _methods(_MISSING, _set):
    def __init__(self, op, left, right):
        _set(self, 'op', op)
        _set(self, 'left', left)
        _set(self, 'right', right)
    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.op,self.left,self.right,) == (other.op,other.left,other.right,)
        return NotImplemented
    def __hash__(self):
        return hash((self.op,self.left,self.right,))
    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}


MAKERS["def _methods(_MISSING, _set):\n    def __init__(self, op, left, right):\n        _set(self, 'op', op)\n        _set(self, 'left', left)\n        _set(self, 'right', right)\n    def __eq__(self, other):\n        if other.__class__ is self.__class__:\n            return (self.op,self.left,self.right,) == (other.op,other.left,other.right,)\n        return NotImplemented\n    def __hash__(self):\n        return hash((self.op,self.left,self.right,))\n    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}\n"] = _methods  # noqa: F811


def _methods(_MISSING, _set):
    def __init__(self, op, left, right, pos):
        _set(self, 'op', op)
        _set(self, 'left', left)
        _set(self, 'right', right)
        _set(self, 'pos', pos)
    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.op,self.left,self.right,self.pos,) == (other.op,other.left,other.right,other.pos,)
        return NotImplemented
    def __hash__(self):
        return hash((self.op,self.left,self.right,self.pos,))
    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}


MAKERS["def _methods(_MISSING, _set):\n    def __init__(self, op, left, right, pos):\n        _set(self, 'op', op)\n        _set(self, 'left', left)\n        _set(self, 'right', right)\n        _set(self, 'pos', pos)\n    def __eq__(self, other):\n        if other.__class__ is self.__class__:\n            return (self.op,self.left,self.right,self.pos,) == (other.op,other.left,other.right,other.pos,)\n        return NotImplemented\n    def __hash__(self):\n        return hash((self.op,self.left,self.right,self.pos,))\n    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}\n"] = _methods  # noqa: F811


def _methods(_MISSING, _set):
    def __init__(self, op, operand):
        _set(self, 'op', op)
        _set(self, 'operand', operand)
    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.op,self.operand,) == (other.op,other.operand,)
        return NotImplemented
    def __hash__(self):
        return hash((self.op,self.operand,))
    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}


MAKERS["def _methods(_MISSING, _set):\n    def __init__(self, op, operand):\n        _set(self, 'op', op)\n        _set(self, 'operand', operand)\n    def __eq__(self, other):\n        if other.__class__ is self.__class__:\n            return (self.op,self.operand,) == (other.op,other.operand,)\n        return NotImplemented\n    def __hash__(self):\n        return hash((self.op,self.operand,))\n    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}\n"] = _methods  # noqa: F811


def _methods(_MISSING, _set):
    def __init__(self, op, operand, pos):
        _set(self, 'op', op)
        _set(self, 'operand', operand)
        _set(self, 'pos', pos)
    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.op,self.operand,self.pos,) == (other.op,other.operand,other.pos,)
        return NotImplemented
    def __hash__(self):
        return hash((self.op,self.operand,self.pos,))
    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}


MAKERS["def _methods(_MISSING, _set):\n    def __init__(self, op, operand, pos):\n        _set(self, 'op', op)\n        _set(self, 'operand', operand)\n        _set(self, 'pos', pos)\n    def __eq__(self, other):\n        if other.__class__ is self.__class__:\n            return (self.op,self.operand,self.pos,) == (other.op,other.operand,other.pos,)\n        return NotImplemented\n    def __hash__(self):\n        return hash((self.op,self.operand,self.pos,))\n    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}\n"] = _methods  # noqa: F811


def _methods(_MISSING, _set):
    def __init__(self, operand):
        _set(self, 'operand', operand)
    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.operand,) == (other.operand,)
        return NotImplemented
    def __hash__(self):
        return hash((self.operand,))
    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}


MAKERS["def _methods(_MISSING, _set):\n    def __init__(self, operand):\n        _set(self, 'operand', operand)\n    def __eq__(self, other):\n        if other.__class__ is self.__class__:\n            return (self.operand,) == (other.operand,)\n        return NotImplemented\n    def __hash__(self):\n        return hash((self.operand,))\n    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}\n"] = _methods  # noqa: F811


def _methods(_MISSING, _set):
    def __init__(self, original, text):
        _set(self, 'original', original)
        _set(self, 'text', text)
    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.original,self.text,) == (other.original,other.text,)
        return NotImplemented
    def __hash__(self):
        return hash((self.original,self.text,))
    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}


MAKERS["def _methods(_MISSING, _set):\n    def __init__(self, original, text):\n        _set(self, 'original', original)\n        _set(self, 'text', text)\n    def __eq__(self, other):\n        if other.__class__ is self.__class__:\n            return (self.original,self.text,) == (other.original,other.text,)\n        return NotImplemented\n    def __hash__(self):\n        return hash((self.original,self.text,))\n    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}\n"] = _methods  # noqa: F811


def _methods(_MISSING, _set):
    def __init__(self, pos):
        _set(self, 'pos', pos)
    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.pos,) == (other.pos,)
        return NotImplemented
    def __hash__(self):
        return hash((self.pos,))
    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}


MAKERS["def _methods(_MISSING, _set):\n    def __init__(self, pos):\n        _set(self, 'pos', pos)\n    def __eq__(self, other):\n        if other.__class__ is self.__class__:\n            return (self.pos,) == (other.pos,)\n        return NotImplemented\n    def __hash__(self):\n        return hash((self.pos,))\n    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}\n"] = _methods  # noqa: F811


def _methods(_MISSING, _set):
    def __init__(self, propositions, commitments, events, beliefs):
        _set(self, 'propositions', propositions)
        _set(self, 'commitments', commitments)
        _set(self, 'events', events)
        _set(self, 'beliefs', beliefs)
    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.propositions,self.commitments,self.events,self.beliefs,) == (other.propositions,other.commitments,other.events,other.beliefs,)
        return NotImplemented
    def __hash__(self):
        return hash((self.propositions,self.commitments,self.events,self.beliefs,))
    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}


MAKERS["def _methods(_MISSING, _set):\n    def __init__(self, propositions, commitments, events, beliefs):\n        _set(self, 'propositions', propositions)\n        _set(self, 'commitments', commitments)\n        _set(self, 'events', events)\n        _set(self, 'beliefs', beliefs)\n    def __eq__(self, other):\n        if other.__class__ is self.__class__:\n            return (self.propositions,self.commitments,self.events,self.beliefs,) == (other.propositions,other.commitments,other.events,other.beliefs,)\n        return NotImplemented\n    def __hash__(self):\n        return hash((self.propositions,self.commitments,self.events,self.beliefs,))\n    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}\n"] = _methods  # noqa: F811


def _methods(_MISSING, _set):
    def __init__(self, required, forbidden, tests, outcomes):
        _set(self, 'required', required)
        _set(self, 'forbidden', forbidden)
        _set(self, 'tests', tests)
        _set(self, 'outcomes', outcomes)
    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.required,self.forbidden,self.tests,self.outcomes,) == (other.required,other.forbidden,other.tests,other.outcomes,)
        return NotImplemented
    def __hash__(self):
        return hash((self.required,self.forbidden,self.tests,self.outcomes,))
    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}


MAKERS["def _methods(_MISSING, _set):\n    def __init__(self, required, forbidden, tests, outcomes):\n        _set(self, 'required', required)\n        _set(self, 'forbidden', forbidden)\n        _set(self, 'tests', tests)\n        _set(self, 'outcomes', outcomes)\n    def __eq__(self, other):\n        if other.__class__ is self.__class__:\n            return (self.required,self.forbidden,self.tests,self.outcomes,) == (other.required,other.forbidden,other.tests,other.outcomes,)\n        return NotImplemented\n    def __hash__(self):\n        return hash((self.required,self.forbidden,self.tests,self.outcomes,))\n    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}\n"] = _methods  # noqa: F811


def _methods(_MISSING, _set):
    def __init__(self, role, goals, beliefs, utilities):
        _set(self, 'role', role)
        _set(self, 'goals', goals)
        _set(self, 'beliefs', beliefs)
        _set(self, 'utilities', utilities)
    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.role,self.goals,self.beliefs,self.utilities,) == (other.role,other.goals,other.beliefs,other.utilities,)
        return NotImplemented
    def __hash__(self):
        return hash((self.role,self.goals,self.beliefs,self.utilities,))
    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}


MAKERS["def _methods(_MISSING, _set):\n    def __init__(self, role, goals, beliefs, utilities):\n        _set(self, 'role', role)\n        _set(self, 'goals', goals)\n        _set(self, 'beliefs', beliefs)\n        _set(self, 'utilities', utilities)\n    def __eq__(self, other):\n        if other.__class__ is self.__class__:\n            return (self.role,self.goals,self.beliefs,self.utilities,) == (other.role,other.goals,other.beliefs,other.utilities,)\n        return NotImplemented\n    def __hash__(self):\n        return hash((self.role,self.goals,self.beliefs,self.utilities,))\n    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}\n"] = _methods  # noqa: F811


def _methods(_MISSING, _set):
    def __init__(self, role, precondition, distribution):
        _set(self, 'role', role)
        _set(self, 'precondition', precondition)
        _set(self, 'distribution', distribution)
    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.role,self.precondition,self.distribution,) == (other.role,other.precondition,other.distribution,)
        return NotImplemented
    def __hash__(self):
        return hash((self.role,self.precondition,self.distribution,))
    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}


MAKERS["def _methods(_MISSING, _set):\n    def __init__(self, role, precondition, distribution):\n        _set(self, 'role', role)\n        _set(self, 'precondition', precondition)\n        _set(self, 'distribution', distribution)\n    def __eq__(self, other):\n        if other.__class__ is self.__class__:\n            return (self.role,self.precondition,self.distribution,) == (other.role,other.precondition,other.distribution,)\n        return NotImplemented\n    def __hash__(self):\n        return hash((self.role,self.precondition,self.distribution,))\n    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}\n"] = _methods  # noqa: F811


def _methods(_MISSING, _set):
    def __init__(self, role, precondition, outcomes):
        _set(self, 'role', role)
        _set(self, 'precondition', precondition)
        _set(self, 'outcomes', outcomes)
    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.role,self.precondition,self.outcomes,) == (other.role,other.precondition,other.outcomes,)
        return NotImplemented
    def __hash__(self):
        return hash((self.role,self.precondition,self.outcomes,))
    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}


MAKERS["def _methods(_MISSING, _set):\n    def __init__(self, role, precondition, outcomes):\n        _set(self, 'role', role)\n        _set(self, 'precondition', precondition)\n        _set(self, 'outcomes', outcomes)\n    def __eq__(self, other):\n        if other.__class__ is self.__class__:\n            return (self.role,self.precondition,self.outcomes,) == (other.role,other.precondition,other.outcomes,)\n        return NotImplemented\n    def __hash__(self):\n        return hash((self.role,self.precondition,self.outcomes,))\n    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}\n"] = _methods  # noqa: F811


def _methods(_MISSING, _set):
    def __init__(self, source, target, actions):
        _set(self, 'source', source)
        _set(self, 'target', target)
        _set(self, 'actions', actions)
    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.source,self.target,self.actions,) == (other.source,other.target,other.actions,)
        return NotImplemented
    def __hash__(self):
        return hash((self.source,self.target,self.actions,))
    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}


MAKERS["def _methods(_MISSING, _set):\n    def __init__(self, source, target, actions):\n        _set(self, 'source', source)\n        _set(self, 'target', target)\n        _set(self, 'actions', actions)\n    def __eq__(self, other):\n        if other.__class__ is self.__class__:\n            return (self.source,self.target,self.actions,) == (other.source,other.target,other.actions,)\n        return NotImplemented\n    def __hash__(self):\n        return hash((self.source,self.target,self.actions,))\n    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}\n"] = _methods  # noqa: F811


def _methods(_MISSING, _set):
    def __init__(self, state, action):
        _set(self, 'state', state)
        _set(self, 'action', action)
    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.state,self.action,) == (other.state,other.action,)
        return NotImplemented
    def __hash__(self):
        return hash((self.state,self.action,))
    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}


MAKERS["def _methods(_MISSING, _set):\n    def __init__(self, state, action):\n        _set(self, 'state', state)\n        _set(self, 'action', action)\n    def __eq__(self, other):\n        if other.__class__ is self.__class__:\n            return (self.state,self.action,) == (other.state,other.action,)\n        return NotImplemented\n    def __hash__(self):\n        return hash((self.state,self.action,))\n    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}\n"] = _methods  # noqa: F811


def _methods(_MISSING, _set):
    def __init__(self, states, actions, deadlocked):
        _set(self, 'states', states)
        _set(self, 'actions', actions)
        _set(self, 'deadlocked', deadlocked)
    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.states,self.actions,self.deadlocked,) == (other.states,other.actions,other.deadlocked,)
        return NotImplemented
    def __hash__(self):
        return hash((self.states,self.actions,self.deadlocked,))
    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}


MAKERS["def _methods(_MISSING, _set):\n    def __init__(self, states, actions, deadlocked):\n        _set(self, 'states', states)\n        _set(self, 'actions', actions)\n        _set(self, 'deadlocked', deadlocked)\n    def __eq__(self, other):\n        if other.__class__ is self.__class__:\n            return (self.states,self.actions,self.deadlocked,) == (other.states,other.actions,other.deadlocked,)\n        return NotImplemented\n    def __hash__(self):\n        return hash((self.states,self.actions,self.deadlocked,))\n    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}\n"] = _methods  # noqa: F811


def _methods(_MISSING, _set):
    def __init__(self, subproblem):
        _set(self, 'subproblem', subproblem)
    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.subproblem,) == (other.subproblem,)
        return NotImplemented
    def __hash__(self):
        return hash((self.subproblem,))
    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}


MAKERS["def _methods(_MISSING, _set):\n    def __init__(self, subproblem):\n        _set(self, 'subproblem', subproblem)\n    def __eq__(self, other):\n        if other.__class__ is self.__class__:\n            return (self.subproblem,) == (other.subproblem,)\n        return NotImplemented\n    def __hash__(self):\n        return hash((self.subproblem,))\n    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}\n"] = _methods  # noqa: F811


def _methods(_MISSING, _set):
    def __init__(self, symbols):
        _set(self, 'symbols', symbols)
    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.symbols,) == (other.symbols,)
        return NotImplemented
    def __hash__(self):
        return hash((self.symbols,))
    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}


MAKERS["def _methods(_MISSING, _set):\n    def __init__(self, symbols):\n        _set(self, 'symbols', symbols)\n    def __eq__(self, other):\n        if other.__class__ is self.__class__:\n            return (self.symbols,) == (other.symbols,)\n        return NotImplemented\n    def __hash__(self):\n        return hash((self.symbols,))\n    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}\n"] = _methods  # noqa: F811


def _methods(_MISSING, _set):
    def __init__(self, symbols, pos):
        _set(self, 'symbols', symbols)
        _set(self, 'pos', pos)
    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.symbols,self.pos,) == (other.symbols,other.pos,)
        return NotImplemented
    def __hash__(self):
        return hash((self.symbols,self.pos,))
    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}


MAKERS["def _methods(_MISSING, _set):\n    def __init__(self, symbols, pos):\n        _set(self, 'symbols', symbols)\n        _set(self, 'pos', pos)\n    def __eq__(self, other):\n        if other.__class__ is self.__class__:\n            return (self.symbols,self.pos,) == (other.symbols,other.pos,)\n        return NotImplemented\n    def __hash__(self):\n        return hash((self.symbols,self.pos,))\n    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}\n"] = _methods  # noqa: F811


def _methods(_MISSING, _set):
    def __init__(self, target, value, pos):
        _set(self, 'target', target)
        _set(self, 'value', value)
        _set(self, 'pos', pos)
    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.target,self.value,self.pos,) == (other.target,other.value,other.pos,)
        return NotImplemented
    def __hash__(self):
        return hash((self.target,self.value,self.pos,))
    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}


MAKERS["def _methods(_MISSING, _set):\n    def __init__(self, target, value, pos):\n        _set(self, 'target', target)\n        _set(self, 'value', value)\n        _set(self, 'pos', pos)\n    def __eq__(self, other):\n        if other.__class__ is self.__class__:\n            return (self.target,self.value,self.pos,) == (other.target,other.value,other.pos,)\n        return NotImplemented\n    def __hash__(self):\n        return hash((self.target,self.value,self.pos,))\n    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}\n"] = _methods  # noqa: F811


def _methods(_MISSING, _set):
    def __init__(self, text, at):
        _set(self, 'text', text)
        _set(self, 'at', at)
    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.text,self.at,) == (other.text,other.at,)
        return NotImplemented
    def __hash__(self):
        return hash((self.text,self.at,))
    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}


MAKERS["def _methods(_MISSING, _set):\n    def __init__(self, text, at):\n        _set(self, 'text', text)\n        _set(self, 'at', at)\n    def __eq__(self, other):\n        if other.__class__ is self.__class__:\n            return (self.text,self.at,) == (other.text,other.at,)\n        return NotImplemented\n    def __hash__(self):\n        return hash((self.text,self.at,))\n    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}\n"] = _methods  # noqa: F811


def _methods(_MISSING, _set):
    def __init__(self, text, line, offset, trailing):
        _set(self, 'text', text)
        _set(self, 'line', line)
        _set(self, 'offset', offset)
        _set(self, 'trailing', trailing)
    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.text,self.line,self.offset,self.trailing,) == (other.text,other.line,other.offset,other.trailing,)
        return NotImplemented
    def __hash__(self):
        return hash((self.text,self.line,self.offset,self.trailing,))
    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}


MAKERS["def _methods(_MISSING, _set):\n    def __init__(self, text, line, offset, trailing):\n        _set(self, 'text', text)\n        _set(self, 'line', line)\n        _set(self, 'offset', offset)\n        _set(self, 'trailing', trailing)\n    def __eq__(self, other):\n        if other.__class__ is self.__class__:\n            return (self.text,self.line,self.offset,self.trailing,) == (other.text,other.line,other.offset,other.trailing,)\n        return NotImplemented\n    def __hash__(self):\n        return hash((self.text,self.line,self.offset,self.trailing,))\n    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}\n"] = _methods  # noqa: F811


def _methods(_MISSING, _set):
    def __init__(self, text, pos):
        _set(self, 'text', text)
        _set(self, 'pos', pos)
    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.text,self.pos,) == (other.text,other.pos,)
        return NotImplemented
    def __hash__(self):
        return hash((self.text,self.pos,))
    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}


MAKERS["def _methods(_MISSING, _set):\n    def __init__(self, text, pos):\n        _set(self, 'text', text)\n        _set(self, 'pos', pos)\n    def __eq__(self, other):\n        if other.__class__ is self.__class__:\n            return (self.text,self.pos,) == (other.text,other.pos,)\n        return NotImplemented\n    def __hash__(self):\n        return hash((self.text,self.pos,))\n    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}\n"] = _methods  # noqa: F811


def _methods(_MISSING, _set):
    def __init__(self, text, top, open_levels):
        _set(self, 'text', text)
        _set(self, 'top', top)
        _set(self, 'open_levels', open_levels)
    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.text,self.top,self.open_levels,) == (other.text,other.top,other.open_levels,)
        return NotImplemented
    def __hash__(self):
        return hash((self.text,self.top,self.open_levels,))
    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}


MAKERS["def _methods(_MISSING, _set):\n    def __init__(self, text, top, open_levels):\n        _set(self, 'text', text)\n        _set(self, 'top', top)\n        _set(self, 'open_levels', open_levels)\n    def __eq__(self, other):\n        if other.__class__ is self.__class__:\n            return (self.text,self.top,self.open_levels,) == (other.text,other.top,other.open_levels,)\n        return NotImplemented\n    def __hash__(self):\n        return hash((self.text,self.top,self.open_levels,))\n    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}\n"] = _methods  # noqa: F811


def _methods(_MISSING, _set):
    def __init__(self, value):
        _set(self, 'value', value)
    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.value,) == (other.value,)
        return NotImplemented
    def __hash__(self):
        return hash((self.value,))
    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}


MAKERS["def _methods(_MISSING, _set):\n    def __init__(self, value):\n        _set(self, 'value', value)\n    def __eq__(self, other):\n        if other.__class__ is self.__class__:\n            return (self.value,) == (other.value,)\n        return NotImplemented\n    def __hash__(self):\n        return hash((self.value,))\n    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}\n"] = _methods  # noqa: F811


def _methods(_MISSING, _set):
    def __init__(self, value, at, text):
        _set(self, 'value', value)
        _set(self, 'at', at)
        _set(self, 'text', text)
    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.value,self.at,self.text,) == (other.value,other.at,other.text,)
        return NotImplemented
    def __hash__(self):
        return hash((self.value,self.at,self.text,))
    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}


MAKERS["def _methods(_MISSING, _set):\n    def __init__(self, value, at, text):\n        _set(self, 'value', value)\n        _set(self, 'at', at)\n        _set(self, 'text', text)\n    def __eq__(self, other):\n        if other.__class__ is self.__class__:\n            return (self.value,self.at,self.text,) == (other.value,other.at,other.text,)\n        return NotImplemented\n    def __hash__(self):\n        return hash((self.value,self.at,self.text,))\n    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}\n"] = _methods  # noqa: F811


def _methods(_MISSING, _set):
    def __init__(self, value, pos):
        _set(self, 'value', value)
        _set(self, 'pos', pos)
    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.value,self.pos,) == (other.value,other.pos,)
        return NotImplemented
    def __hash__(self):
        return hash((self.value,self.pos,))
    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}


MAKERS["def _methods(_MISSING, _set):\n    def __init__(self, value, pos):\n        _set(self, 'value', value)\n        _set(self, 'pos', pos)\n    def __eq__(self, other):\n        if other.__class__ is self.__class__:\n            return (self.value,self.pos,) == (other.value,other.pos,)\n        return NotImplemented\n    def __hash__(self):\n        return hash((self.value,self.pos,))\n    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}\n"] = _methods  # noqa: F811


def _methods(_MISSING, _set):
    def __init__(self, variable):
        _set(self, 'variable', variable)
    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.variable,) == (other.variable,)
        return NotImplemented
    def __hash__(self):
        return hash((self.variable,))
    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}


MAKERS["def _methods(_MISSING, _set):\n    def __init__(self, variable):\n        _set(self, 'variable', variable)\n    def __eq__(self, other):\n        if other.__class__ is self.__class__:\n            return (self.variable,) == (other.variable,)\n        return NotImplemented\n    def __hash__(self):\n        return hash((self.variable,))\n    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}\n"] = _methods  # noqa: F811


def _methods(_MISSING, _set):
    def __init__(self, variable, current, next, values):
        _set(self, 'variable', variable)
        _set(self, 'current', current)
        _set(self, 'next', next)
        _set(self, 'values', values)
    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.variable,self.current,self.next,self.values,) == (other.variable,other.current,other.next,other.values,)
        return NotImplemented
    def __hash__(self):
        return hash((self.variable,self.current,self.next,self.values,))
    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}


MAKERS["def _methods(_MISSING, _set):\n    def __init__(self, variable, current, next, values):\n        _set(self, 'variable', variable)\n        _set(self, 'current', current)\n        _set(self, 'next', next)\n        _set(self, 'values', values)\n    def __eq__(self, other):\n        if other.__class__ is self.__class__:\n            return (self.variable,self.current,self.next,self.values,) == (other.variable,other.current,other.next,other.values,)\n        return NotImplemented\n    def __hash__(self):\n        return hash((self.variable,self.current,self.next,self.values,))\n    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}\n"] = _methods  # noqa: F811
