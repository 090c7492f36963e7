"""The generated methods of ctlstark's records, compiled ahead of time.

Written by `python -m ctlstark.precompile`; read by `records._precompiled`. Do not edit.
"""

SHAPES = {}  # a record's shape (`records._shape`) -> the function that returns its generated methods


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


SHAPES[(('__init__', '__eq__'), False, (('description', False, False, True, False, True, None), ('bare', False, True, True, False, True, None), ('qualified', True, False, True, False, True, None), ('actions', True, False, True, False, True, None), ('bare_hint', True, False, True, False, True, None)))] = _methods  # noqa: F811


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


SHAPES[(('__init__', '__eq__'), False, (('index', False, False, True, False, True, None), ('text', False, False, True, False, True, None), ('verdict', False, False, True, False, True, None), ('mode', True, False, True, False, True, None), ('source', True, False, True, False, True, None), ('seconds', True, False, True, False, True, None), ('error', True, False, True, False, True, None), ('warnings', False, True, True, False, True, None), ('routes', False, True, True, False, True, None), ('routes_omitted', True, False, True, False, True, None), ('engine', True, False, True, False, True, None), ('evidence', True, False, True, False, False, None), ('formula', True, False, True, False, False, None)))] = _methods  # noqa: F811


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


SHAPES[(('__init__', '__eq__'), False, (('model', False, False, True, False, True, None), ('file', False, False, True, False, True, None), ('semantics', False, False, True, False, True, None), ('reachable_states', False, False, True, False, True, None), ('bdd_variables', False, False, True, False, True, None), ('bdd_nodes_reachable', False, False, True, False, True, None), ('times', False, False, True, False, True, None), ('formulas', False, False, True, False, True, None), ('deadlock_states', True, False, True, False, True, None), ('deadlock_examples', False, True, True, False, True, None), ('warnings', False, True, True, False, True, None), ('bdd_peak_nodes', True, False, True, False, True, None), ('stopped', True, False, True, False, True, None), ('strategies', True, False, True, False, True, None), ('lint', True, False, True, False, True, None), ('engine', True, False, True, False, True, None)))] = _methods  # noqa: F811


def _methods(_MISSING, _set):
    def __init__(self, action, target):
        self.action = action
        self.target = target
    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.action,self.target,) == (other.action,other.target,)
        return NotImplemented
    def __hash__(self):
        return hash((self.action,self.target,))
    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}


SHAPES[(('__init__', '__eq__', '__hash__'), False, (('action', False, False, True, False, True, None), ('target', False, False, True, False, True, None)))] = _methods  # noqa: F811


def _methods(_MISSING, _set):
    def __init__(self, actions, gotos, start):
        self.actions = actions
        self.gotos = gotos
        self.start = start
    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.actions,self.gotos,self.start,) == (other.actions,other.gotos,other.start,)
        return NotImplemented
    def __hash__(self):
        return hash((self.actions,self.gotos,self.start,))
    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}


SHAPES[(('__init__', '__eq__', '__hash__'), False, (('actions', False, False, True, False, True, None), ('gotos', False, False, True, False, True, None), ('start', False, False, True, False, True, None)))] = _methods  # noqa: F811


def _methods(_MISSING, _set):
    def __init__(self, agent, action):
        self.agent = agent
        self.action = action
    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.agent,self.action,) == (other.agent,other.action,)
        return NotImplemented
    def __hash__(self):
        return hash((self.agent,self.action,))
    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}


SHAPES[(('__init__', '__eq__', '__hash__'), False, (('agent', False, False, True, False, True, None), ('action', False, False, True, False, True, None)))] = _methods  # noqa: F811


def _methods(_MISSING, _set):
    def __init__(self, agent, action, pos):
        self.agent = agent
        self.action = action
        self.pos = pos
    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.agent,self.action,self.pos,) == (other.agent,other.action,other.pos,)
        return NotImplemented
    def __hash__(self):
        return hash((self.agent,self.action,self.pos,))
    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}


SHAPES[(('__init__', '__eq__', '__hash__'), False, (('agent', False, False, True, False, True, None), ('action', False, False, True, False, True, None), ('pos', False, False, True, False, True, None)))] = _methods  # noqa: F811


def _methods(_MISSING, _set):
    def __init__(self, agent, bits, actions):
        self.agent = agent
        self.bits = bits
        self.actions = actions
    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.agent,self.bits,self.actions,) == (other.agent,other.bits,other.actions,)
        return NotImplemented
    def __hash__(self):
        return hash((self.agent,self.bits,self.actions,))
    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}


SHAPES[(('__init__', '__eq__', '__hash__'), False, (('agent', False, False, True, False, True, None), ('bits', False, False, True, False, True, None), ('actions', False, False, True, False, True, None)))] = _methods  # noqa: F811


def _methods(_MISSING, _set):
    def __init__(self, agent, name, pos):
        self.agent = agent
        self.name = name
        self.pos = pos
    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.agent,self.name,self.pos,) == (other.agent,other.name,other.pos,)
        return NotImplemented
    def __hash__(self):
        return hash((self.agent,self.name,self.pos,))
    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}


SHAPES[(('__init__', '__eq__', '__hash__'), False, (('agent', False, False, True, False, True, None), ('name', False, False, True, False, True, None), ('pos', False, False, True, False, True, None)))] = _methods  # noqa: F811


def _methods(_MISSING, _set):
    def __init__(self, agent, name, type):
        self.agent = agent
        self.name = name
        self.type = type
    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.agent,self.name,self.type,) == (other.agent,other.name,other.type,)
        return NotImplemented
    def __hash__(self):
        return hash((self.agent,self.name,self.type,))
    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}


SHAPES[(('__init__', '__eq__', '__hash__'), False, (('agent', False, False, True, False, True, None), ('name', False, False, True, False, True, None), ('type', False, False, True, False, True, None)))] = _methods  # noqa: F811


def _methods(_MISSING, _default_output, _set):
    def __init__(self, argv, cwd, output=_default_output):
        self.argv = argv
        self.cwd = cwd
        self.output = output
    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.argv,self.cwd,self.output,) == (other.argv,other.cwd,other.output,)
        return NotImplemented
    def __hash__(self):
        return hash((self.argv,self.cwd,self.output,))
    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}


SHAPES[(('__init__', '__eq__', '__hash__'), False, (('argv', False, False, True, False, True, None), ('cwd', False, False, True, False, True, None), ('output', True, False, True, False, True, None)))] = _methods  # noqa: F811


def _methods(_MISSING, _default_as_json, _default_dot_file, _default_full_states, _default_html_file, _default_reproducible, _default_stats, _default_witness, _set):
    def __init__(self, as_json=_default_as_json, stats=_default_stats, witness=_default_witness, dot_file=_default_dot_file, reproducible=_default_reproducible, full_states=_default_full_states, html_file=_default_html_file):
        self.as_json = as_json
        self.stats = stats
        self.witness = witness
        self.dot_file = dot_file
        self.reproducible = reproducible
        self.full_states = full_states
        self.html_file = html_file
    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.as_json,self.stats,self.witness,self.dot_file,self.reproducible,self.full_states,self.html_file,) == (other.as_json,other.stats,other.witness,other.dot_file,other.reproducible,other.full_states,other.html_file,)
        return NotImplemented
    def __hash__(self):
        return hash((self.as_json,self.stats,self.witness,self.dot_file,self.reproducible,self.full_states,self.html_file,))
    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}


SHAPES[(('__init__', '__eq__', '__hash__'), False, (('as_json', True, False, True, False, True, None), ('stats', True, False, True, False, True, None), ('witness', True, False, True, False, True, None), ('dot_file', True, False, True, False, True, None), ('reproducible', True, False, True, False, True, None), ('full_states', True, False, True, False, True, None), ('html_file', True, False, True, False, True, None)))] = _methods  # noqa: F811


def _methods(_MISSING, _set):
    def __init__(self, assignments, guard):
        self.assignments = assignments
        self.guard = guard
    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.assignments,self.guard,) == (other.assignments,other.guard,)
        return NotImplemented
    def __hash__(self):
        return hash((self.assignments,self.guard,))
    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}


SHAPES[(('__init__', '__eq__', '__hash__'), False, (('assignments', False, False, True, False, True, None), ('guard', False, False, True, False, True, None)))] = _methods  # noqa: F811


def _methods(_MISSING, _default_negates_previous_guard, _set):
    def __init__(self, assignments, guard, pos, negates_previous_guard=_default_negates_previous_guard):
        self.assignments = assignments
        self.guard = guard
        self.pos = pos
        self.negates_previous_guard = negates_previous_guard
    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.assignments,self.guard,self.pos,) == (other.assignments,other.guard,other.pos,)
        return NotImplemented
    def __hash__(self):
        return hash((self.assignments,self.guard,self.pos,))
    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}


SHAPES[(('__init__', '__eq__', '__hash__'), False, (('assignments', False, False, True, False, True, None), ('guard', False, False, True, False, True, None), ('pos', False, False, True, False, True, None), ('negates_previous_guard', True, False, True, False, False, None)))] = _methods  # noqa: F811


def _methods(_MISSING, _set):
    def __init__(self, belief, outcomes):
        self.belief = belief
        self.outcomes = outcomes
    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.belief,self.outcomes,) == (other.belief,other.outcomes,)
        return NotImplemented
    def __hash__(self):
        return hash((self.belief,self.outcomes,))
    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}


SHAPES[(('__init__', '__eq__', '__hash__'), False, (('belief', False, False, True, False, True, None), ('outcomes', False, False, True, False, True, None)))] = _methods  # noqa: F811


def _methods(_MISSING, _factory_right_open, _set):
    def __init__(self, binary, prefix, right_open=_MISSING):
        self.binary = binary
        self.prefix = prefix
        self.right_open = _factory_right_open() if right_open is _MISSING else right_open
    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.binary,self.prefix,self.right_open,) == (other.binary,other.prefix,other.right_open,)
        return NotImplemented
    def __hash__(self):
        return hash((self.binary,self.prefix,self.right_open,))
    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}


SHAPES[(('__init__', '__eq__', '__hash__'), False, (('binary', False, False, True, False, True, None), ('prefix', False, False, True, False, True, None), ('right_open', False, True, True, False, True, None)))] = _methods  # noqa: F811


def _methods(_MISSING, _default_initial, _set):
    def __init__(self, choices, initial=_default_initial):
        self.choices = choices
        self.initial = initial
    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.choices,self.initial,) == (other.choices,other.initial,)
        return NotImplemented
    def __hash__(self):
        return hash((self.choices,self.initial,))
    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}


SHAPES[(('__init__', '__eq__', '__hash__'), False, (('choices', False, False, True, False, True, None), ('initial', True, False, True, False, True, None)))] = _methods  # noqa: F811


def _methods(_MISSING, _set):
    def __init__(self, commitment, operation):
        self.commitment = commitment
        self.operation = operation
    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.commitment,self.operation,) == (other.commitment,other.operation,)
        return NotImplemented
    def __hash__(self):
        return hash((self.commitment,self.operation,))
    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}


SHAPES[(('__init__', '__eq__', '__hash__'), False, (('commitment', False, False, True, False, True, None), ('operation', False, False, True, False, True, None)))] = _methods  # noqa: F811


def _methods(_MISSING, _default_is_other, _set):
    def __init__(self, condition, actions, is_other=_default_is_other):
        self.condition = condition
        self.actions = actions
        self.is_other = is_other
    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.condition,self.actions,self.is_other,) == (other.condition,other.actions,other.is_other,)
        return NotImplemented
    def __hash__(self):
        return hash((self.condition,self.actions,self.is_other,))
    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}


SHAPES[(('__init__', '__eq__', '__hash__'), False, (('condition', False, False, True, False, True, None), ('actions', False, False, True, False, True, None), ('is_other', True, False, True, False, True, None)))] = _methods  # noqa: F811


def _methods(_MISSING, _set):
    def __init__(self, condition, actions, pos):
        self.condition = condition
        self.actions = actions
        self.pos = pos
    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.condition,self.actions,self.pos,) == (other.condition,other.actions,other.pos,)
        return NotImplemented
    def __hash__(self):
        return hash((self.condition,self.actions,self.pos,))
    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}


SHAPES[(('__init__', '__eq__', '__hash__'), False, (('condition', False, False, True, False, True, None), ('actions', False, False, True, False, True, None), ('pos', False, False, True, False, True, None)))] = _methods  # noqa: F811


def _methods(_MISSING, _set):
    def __init__(self, count, listed):
        self.count = count
        self.listed = listed
    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.count,self.listed,) == (other.count,other.listed,)
        return NotImplemented
    def __hash__(self):
        return hash((self.count,self.listed,))
    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}


SHAPES[(('__init__', '__eq__', '__hash__'), False, (('count', False, False, True, False, True, None), ('listed', False, False, True, False, True, None)))] = _methods  # noqa: F811


def _methods(_MISSING, _set):
    def __init__(self, effects, commitment, source, target, util):
        self.effects = effects
        self.commitment = commitment
        self.source = source
        self.target = target
        self.util = util
    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.effects,self.commitment,self.source,self.target,self.util,) == (other.effects,other.commitment,other.source,other.target,other.util,)
        return NotImplemented
    def __hash__(self):
        return hash((self.effects,self.commitment,self.source,self.target,self.util,))
    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}


SHAPES[(('__init__', '__eq__', '__hash__'), False, (('effects', False, False, True, False, True, None), ('commitment', False, False, True, False, True, None), ('source', False, False, True, False, True, None), ('target', False, False, True, False, True, None), ('util', False, False, True, False, True, None)))] = _methods  # noqa: F811


def _methods(_MISSING, _set):
    def __init__(self, enabled, candidates, evaluated, transitions):
        self.enabled = enabled
        self.candidates = candidates
        self.evaluated = evaluated
        self.transitions = transitions
    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.enabled,self.candidates,self.evaluated,self.transitions,) == (other.enabled,other.candidates,other.evaluated,other.transitions,)
        return NotImplemented
    def __hash__(self):
        return hash((self.enabled,self.candidates,self.evaluated,self.transitions,))
    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}


SHAPES[(('__init__', '__eq__', '__hash__'), False, (('enabled', False, False, True, False, True, None), ('candidates', False, False, True, False, True, None), ('evaluated', False, False, True, False, True, None), ('transitions', False, False, True, False, True, None)))] = _methods  # noqa: F811


def _methods(_MISSING, _set):
    def __init__(self, event, operation, commitment):
        self.event = event
        self.operation = operation
        self.commitment = commitment
    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.event,self.operation,self.commitment,) == (other.event,other.operation,other.commitment,)
        return NotImplemented
    def __hash__(self):
        return hash((self.event,self.operation,self.commitment,))
    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}


SHAPES[(('__init__', '__eq__', '__hash__'), False, (('event', False, False, True, False, True, None), ('operation', False, False, True, False, True, None), ('commitment', False, False, True, False, True, None)))] = _methods  # noqa: F811


def _methods(_MISSING, _set):
    def __init__(self, event, probability, target):
        self.event = event
        self.probability = probability
        self.target = target
    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.event,self.probability,self.target,) == (other.event,other.probability,other.target,)
        return NotImplemented
    def __hash__(self):
        return hash((self.event,self.probability,self.target,))
    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}


SHAPES[(('__init__', '__eq__', '__hash__'), False, (('event', False, False, True, False, True, None), ('probability', False, False, True, False, True, None), ('target', False, False, True, False, True, None)))] = _methods  # noqa: F811


def _methods(_MISSING, _set):
    def __init__(self, file, line, column, message, kind):
        self.file = file
        self.line = line
        self.column = column
        self.message = message
        self.kind = kind
    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.file,self.line,self.column,self.message,self.kind,) == (other.file,other.line,other.column,other.message,other.kind,)
        return NotImplemented
    def __hash__(self):
        return hash((self.file,self.line,self.column,self.message,self.kind,))
    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}


SHAPES[(('__init__', '__eq__', '__hash__'), False, (('file', False, False, True, False, True, None), ('line', False, False, True, False, True, None), ('column', False, False, True, False, True, None), ('message', False, False, True, False, True, None), ('kind', False, False, True, False, True, None)))] = _methods  # noqa: F811


def _methods(_MISSING, _factory_actions, _factory_evolution_rules, _factory_propositions, _factory_protocol_rules, _factory_variables, _set):
    def __init__(self, file, variables=_MISSING, actions=_MISSING, propositions=_MISSING, protocol_rules=_MISSING, evolution_rules=_MISSING):
        self.file = file
        self.variables = _factory_variables() if variables is _MISSING else variables
        self.actions = _factory_actions() if actions is _MISSING else actions
        self.propositions = _factory_propositions() if propositions is _MISSING else propositions
        self.protocol_rules = _factory_protocol_rules() if protocol_rules is _MISSING else protocol_rules
        self.evolution_rules = _factory_evolution_rules() if evolution_rules is _MISSING else evolution_rules
    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.file,self.variables,self.actions,self.propositions,self.protocol_rules,self.evolution_rules,) == (other.file,other.variables,other.actions,other.propositions,other.protocol_rules,other.evolution_rules,)
        return NotImplemented
    def __hash__(self):
        return hash((self.file,self.variables,self.actions,self.propositions,self.protocol_rules,self.evolution_rules,))
    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}


SHAPES[(('__init__', '__eq__', '__hash__'), False, (('file', False, False, True, False, True, None), ('variables', False, True, True, False, True, None), ('actions', False, True, True, False, True, None), ('propositions', False, True, True, False, True, None), ('protocol_rules', False, True, True, False, True, None), ('evolution_rules', False, True, True, False, True, None)))] = _methods  # noqa: F811


def _methods(_MISSING, _set):
    def __init__(self, formula, verdict):
        self.formula = formula
        self.verdict = verdict
    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.formula,self.verdict,) == (other.formula,other.verdict,)
        return NotImplemented
    def __hash__(self):
        return hash((self.formula,self.verdict,))
    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}


SHAPES[(('__init__', '__eq__', '__hash__'), False, (('formula', False, False, True, False, True, None), ('verdict', False, False, True, False, True, None)))] = _methods  # noqa: F811


def _methods(_MISSING, _set):
    def __init__(self, index, state, values, propositions, initial, deadlock, distance):
        self.index = index
        self.state = state
        self.values = values
        self.propositions = propositions
        self.initial = initial
        self.deadlock = deadlock
        self.distance = distance
    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.index,self.state,self.values,self.propositions,self.initial,self.deadlock,self.distance,) == (other.index,other.state,other.values,other.propositions,other.initial,other.deadlock,other.distance,)
        return NotImplemented
    def __hash__(self):
        return hash((self.index,self.state,self.values,self.propositions,self.initial,self.deadlock,self.distance,))
    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}


SHAPES[(('__init__', '__eq__', '__hash__'), False, (('index', False, False, True, False, True, None), ('state', False, False, True, False, True, None), ('values', False, False, True, False, True, None), ('propositions', False, False, True, False, True, None), ('initial', False, False, True, False, True, None), ('deadlock', False, False, True, False, True, None), ('distance', False, False, True, False, True, None)))] = _methods  # noqa: F811


def _methods(_MISSING, _default_scope, _default_tabled, _factory_moves, _factory_responses, _set):
    def __init__(self, kind, formula_text, coalition, opponents, states, replayed, note, bdd_nodes, tabled=_default_tabled, moves=_MISSING, responses=_MISSING, scope=_default_scope):
        self.kind = kind
        self.formula_text = formula_text
        self.coalition = coalition
        self.opponents = opponents
        self.states = states
        self.replayed = replayed
        self.note = note
        self.bdd_nodes = bdd_nodes
        self.tabled = tabled
        self.moves = _factory_moves() if moves is _MISSING else moves
        self.responses = _factory_responses() if responses is _MISSING else responses
        self.scope = scope
    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.kind,self.formula_text,self.coalition,self.opponents,self.states,self.replayed,self.note,self.bdd_nodes,self.tabled,self.moves,self.responses,self.scope,) == (other.kind,other.formula_text,other.coalition,other.opponents,other.states,other.replayed,other.note,other.bdd_nodes,other.tabled,other.moves,other.responses,other.scope,)
        return NotImplemented
    def __hash__(self):
        return hash((self.kind,self.formula_text,self.coalition,self.opponents,self.states,self.replayed,self.note,self.bdd_nodes,self.tabled,self.moves,self.responses,self.scope,))
    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}


SHAPES[(('__init__', '__eq__', '__hash__'), False, (('kind', False, False, True, False, True, None), ('formula_text', False, False, True, False, True, None), ('coalition', False, False, True, False, True, None), ('opponents', False, False, True, False, True, None), ('states', False, False, True, False, True, None), ('replayed', False, False, True, False, True, None), ('note', False, False, True, False, True, None), ('bdd_nodes', False, False, True, False, True, None), ('tabled', True, False, True, False, True, None), ('moves', False, True, True, False, True, None), ('responses', False, True, True, False, True, None), ('scope', True, False, True, False, True, None)))] = _methods  # noqa: F811


def _methods(_MISSING, _default_symbols, _default_variable, _set):
    def __init__(self, kind, symbols=_default_symbols, variable=_default_variable):
        self.kind = kind
        self.symbols = symbols
        self.variable = variable
    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.kind,self.symbols,self.variable,) == (other.kind,other.symbols,other.variable,)
        return NotImplemented
    def __hash__(self):
        return hash((self.kind,self.symbols,self.variable,))
    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}


SHAPES[(('__init__', '__eq__', '__hash__'), False, (('kind', False, False, True, False, True, None), ('symbols', True, False, True, False, True, None), ('variable', True, False, True, False, True, None)))] = _methods  # noqa: F811


def _methods(_MISSING, _set):
    def __init__(self, kind, text, line, column):
        self.kind = kind
        self.text = text
        self.line = line
        self.column = column
    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.kind,self.text,self.line,self.column,) == (other.kind,other.text,other.line,other.column,)
        return NotImplemented
    def __hash__(self):
        return hash((self.kind,self.text,self.line,self.column,))
    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}


SHAPES[(('__init__', '__eq__', '__hash__'), False, (('kind', False, False, True, False, True, None), ('text', False, False, True, False, True, None), ('line', False, False, True, False, True, None), ('column', False, False, True, False, True, None)))] = _methods  # noqa: F811


def _methods(_MISSING, _default_loop_start, _default_sub_traces, _set):
    def __init__(self, label, description, states, actions, loop_start=_default_loop_start, sub_traces=_default_sub_traces):
        self.label = label
        self.description = description
        self.states = states
        self.actions = actions
        self.loop_start = loop_start
        self.sub_traces = sub_traces
    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.label,self.description,self.states,self.actions,self.loop_start,self.sub_traces,) == (other.label,other.description,other.states,other.actions,other.loop_start,other.sub_traces,)
        return NotImplemented
    def __hash__(self):
        return hash((self.label,self.description,self.states,self.actions,self.loop_start,self.sub_traces,))
    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}


SHAPES[(('__init__', '__eq__', '__hash__'), False, (('label', False, False, True, False, True, None), ('description', False, False, True, False, True, None), ('states', False, False, True, False, True, None), ('actions', False, False, True, False, True, None), ('loop_start', True, False, True, False, True, None), ('sub_traces', True, False, True, False, True, None)))] = _methods  # noqa: F811


def _methods(_MISSING, _set):
    def __init__(self, leaf, positive):
        self.leaf = leaf
        self.positive = positive
    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.leaf,self.positive,) == (other.leaf,other.positive,)
        return NotImplemented
    def __hash__(self):
        return hash((self.leaf,self.positive,))
    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}


SHAPES[(('__init__', '__eq__', '__hash__'), False, (('leaf', False, False, True, False, True, None), ('positive', False, False, True, False, True, None)))] = _methods  # noqa: F811


def _methods(_MISSING, _set):
    def __init__(self, left, right):
        self.left = left
        self.right = right
    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.left,self.right,) == (other.left,other.right,)
        return NotImplemented
    def __hash__(self):
        return hash((self.left,self.right,))
    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}


SHAPES[(('__init__', '__eq__', '__hash__'), False, (('left', False, False, True, False, True, None), ('right', False, False, True, False, True, None)))] = _methods  # noqa: F811


def _methods(_MISSING, _set):
    def __init__(self, lhs, rhs, build):
        self.lhs = lhs
        self.rhs = rhs
        self.build = build
    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.lhs,self.rhs,self.build,) == (other.lhs,other.rhs,other.build,)
        return NotImplemented
    def __hash__(self):
        return hash((self.lhs,self.rhs,self.build,))
    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}


SHAPES[(('__init__', '__eq__', '__hash__'), False, (('lhs', False, False, True, False, True, None), ('rhs', False, False, True, False, True, None), ('build', False, False, True, False, True, None)))] = _methods  # noqa: F811


def _methods(_MISSING, _set):
    def __init__(self, low, high):
        self.low = low
        self.high = high
    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.low,self.high,) == (other.low,other.high,)
        return NotImplemented
    def __hash__(self):
        return hash((self.low,self.high,))
    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}


SHAPES[(('__init__', '__eq__', '__hash__'), False, (('low', False, False, True, False, True, None), ('high', False, False, True, False, True, None)))] = _methods  # noqa: F811


def _methods(_MISSING, _set):
    def __init__(self, low, high, pos):
        self.low = low
        self.high = high
        self.pos = pos
    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.low,self.high,self.pos,) == (other.low,other.high,other.pos,)
        return NotImplemented
    def __hash__(self):
        return hash((self.low,self.high,self.pos,))
    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}


SHAPES[(('__init__', '__eq__', '__hash__'), False, (('low', False, False, True, False, True, None), ('high', False, False, True, False, True, None), ('pos', False, False, True, False, True, None)))] = _methods  # noqa: F811


def _methods(_MISSING, _default_severity, _default_source_line, _set):
    def __init__(self, message, file, line, column, source_line=_default_source_line, severity=_default_severity):
        self.message = message
        self.file = file
        self.line = line
        self.column = column
        self.source_line = source_line
        self.severity = severity
    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.message,self.file,self.line,self.column,self.source_line,self.severity,) == (other.message,other.file,other.line,other.column,other.source_line,other.severity,)
        return NotImplemented
    def __hash__(self):
        return hash((self.message,self.file,self.line,self.column,self.source_line,self.severity,))
    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}


SHAPES[(('__init__', '__eq__', '__hash__'), False, (('message', False, False, True, False, True, None), ('file', False, False, True, False, True, None), ('line', False, False, True, False, True, None), ('column', False, False, True, False, True, None), ('source_line', True, False, True, False, True, None), ('severity', True, False, True, False, True, None)))] = _methods  # noqa: F811


def _methods(_MISSING, _default_failed, _default_missing, _default_strategy, _default_trace, _set):
    def __init__(self, model, trace=_default_trace, strategy=_default_strategy, missing=_default_missing, failed=_default_failed):
        self.model = model
        self.trace = trace
        self.strategy = strategy
        self.missing = missing
        self.failed = failed
    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.trace,self.strategy,self.missing,self.failed,) == (other.trace,other.strategy,other.missing,other.failed,)
        return NotImplemented
    def __hash__(self):
        return hash((self.trace,self.strategy,self.missing,self.failed,))
    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}


SHAPES[(('__init__', '__eq__', '__hash__'), False, (('model', False, False, True, False, False, None), ('trace', True, False, True, False, True, None), ('strategy', True, False, True, False, True, None), ('missing', True, False, True, False, True, None), ('failed', True, False, True, False, True, None)))] = _methods  # noqa: F811


def _methods(_MISSING, _set):
    def __init__(self, name, condition, pos):
        self.name = name
        self.condition = condition
        self.pos = pos
    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.name,self.condition,self.pos,) == (other.name,other.condition,other.pos,)
        return NotImplemented
    def __hash__(self):
        return hash((self.name,self.condition,self.pos,))
    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}


SHAPES[(('__init__', '__eq__', '__hash__'), False, (('name', False, False, True, False, True, None), ('condition', False, False, True, False, True, None), ('pos', False, False, True, False, True, None)))] = _methods  # noqa: F811


def _methods(_MISSING, _set):
    def __init__(self, name, debtor, creditor, antecedent, consequent):
        self.name = name
        self.debtor = debtor
        self.creditor = creditor
        self.antecedent = antecedent
        self.consequent = consequent
    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.name,self.debtor,self.creditor,self.antecedent,self.consequent,) == (other.name,other.debtor,other.creditor,other.antecedent,other.consequent,)
        return NotImplemented
    def __hash__(self):
        return hash((self.name,self.debtor,self.creditor,self.antecedent,self.consequent,))
    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}


SHAPES[(('__init__', '__eq__', '__hash__'), False, (('name', False, False, True, False, True, None), ('debtor', False, False, True, False, True, None), ('creditor', False, False, True, False, True, None), ('antecedent', False, False, True, False, True, None), ('consequent', False, False, True, False, True, None)))] = _methods  # noqa: F811


def _methods(_MISSING, _set):
    def __init__(self, name, initiator, effects):
        self.name = name
        self.initiator = initiator
        self.effects = effects
    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.name,self.initiator,self.effects,) == (other.name,other.initiator,other.effects,)
        return NotImplemented
    def __hash__(self):
        return hash((self.name,self.initiator,self.effects,))
    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}


SHAPES[(('__init__', '__eq__', '__hash__'), False, (('name', False, False, True, False, True, None), ('initiator', False, False, True, False, True, None), ('effects', False, False, True, False, True, None)))] = _methods  # noqa: F811


def _methods(_MISSING, _set):
    def __init__(self, name, is_environment, obsvars, vars, lobsvars, red_states, actions, actions_pos, protocol, protocol_pos, evolution, evolution_pos, pos):
        self.name = name
        self.is_environment = is_environment
        self.obsvars = obsvars
        self.vars = vars
        self.lobsvars = lobsvars
        self.red_states = red_states
        self.actions = actions
        self.actions_pos = actions_pos
        self.protocol = protocol
        self.protocol_pos = protocol_pos
        self.evolution = evolution
        self.evolution_pos = evolution_pos
        self.pos = pos
    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.name,self.is_environment,self.obsvars,self.vars,self.lobsvars,self.red_states,self.actions,self.actions_pos,self.protocol,self.protocol_pos,self.evolution,self.evolution_pos,self.pos,) == (other.name,other.is_environment,other.obsvars,other.vars,other.lobsvars,other.red_states,other.actions,other.actions_pos,other.protocol,other.protocol_pos,other.evolution,other.evolution_pos,other.pos,)
        return NotImplemented
    def __hash__(self):
        return hash((self.name,self.is_environment,self.obsvars,self.vars,self.lobsvars,self.red_states,self.actions,self.actions_pos,self.protocol,self.protocol_pos,self.evolution,self.evolution_pos,self.pos,))
    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}


SHAPES[(('__init__', '__eq__', '__hash__'), False, (('name', False, False, True, False, True, None), ('is_environment', False, False, True, False, True, None), ('obsvars', False, False, True, False, True, None), ('vars', False, False, True, False, True, None), ('lobsvars', False, False, True, False, True, None), ('red_states', False, False, True, False, True, None), ('actions', False, False, True, False, True, None), ('actions_pos', False, False, True, False, True, None), ('protocol', False, False, True, False, True, None), ('protocol_pos', False, False, True, False, True, None), ('evolution', False, False, True, False, True, None), ('evolution_pos', False, False, True, False, True, None), ('pos', False, False, True, False, True, None)))] = _methods  # noqa: F811


def _methods(_MISSING, _set):
    def __init__(self, name, members, pos):
        self.name = name
        self.members = members
        self.pos = pos
    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.name,self.members,self.pos,) == (other.name,other.members,other.pos,)
        return NotImplemented
    def __hash__(self):
        return hash((self.name,self.members,self.pos,))
    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}


SHAPES[(('__init__', '__eq__', '__hash__'), False, (('name', False, False, True, False, True, None), ('members', False, False, True, False, True, None), ('pos', False, False, True, False, True, None)))] = _methods  # noqa: F811


def _methods(_MISSING, _default_convert, _default_metavar, _default_minimum, _default_repeatable, _set):
    def __init__(self, name, names, kind, default, help, metavar=_default_metavar, minimum=_default_minimum, convert=_default_convert, repeatable=_default_repeatable):
        self.name = name
        self.names = names
        self.kind = kind
        self.default = default
        self.help = help
        self.metavar = metavar
        self.minimum = minimum
        self.convert = convert
        self.repeatable = repeatable
    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.name,self.names,self.kind,self.default,self.help,self.metavar,self.minimum,self.convert,self.repeatable,) == (other.name,other.names,other.kind,other.default,other.help,other.metavar,other.minimum,other.convert,other.repeatable,)
        return NotImplemented
    def __hash__(self):
        return hash((self.name,self.names,self.kind,self.default,self.help,self.metavar,self.minimum,self.convert,self.repeatable,))
    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}


SHAPES[(('__init__', '__eq__', '__hash__'), False, (('name', False, False, True, False, True, None), ('names', False, False, True, False, True, None), ('kind', False, False, True, False, True, None), ('default', False, False, True, False, True, None), ('help', False, False, True, False, True, None), ('metavar', True, False, True, False, True, None), ('minimum', True, False, True, False, True, None), ('convert', True, False, True, False, True, None), ('repeatable', True, False, True, False, True, None)))] = _methods  # noqa: F811


def _methods(_MISSING, _default_red_states, _set):
    def __init__(self, name, own_variables, observed_variables, actions, protocol, evolution, red_states=_default_red_states):
        self.name = name
        self.own_variables = own_variables
        self.observed_variables = observed_variables
        self.actions = actions
        self.protocol = protocol
        self.evolution = evolution
        self.red_states = red_states
    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.name,self.own_variables,self.observed_variables,self.actions,self.protocol,self.evolution,self.red_states,) == (other.name,other.own_variables,other.observed_variables,other.actions,other.protocol,other.evolution,other.red_states,)
        return NotImplemented
    def __hash__(self):
        return hash((self.name,self.own_variables,self.observed_variables,self.actions,self.protocol,self.evolution,self.red_states,))
    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}


SHAPES[(('__init__', '__eq__', '__hash__'), False, (('name', False, False, True, False, True, None), ('own_variables', False, False, True, False, True, None), ('observed_variables', False, False, True, False, True, None), ('actions', False, False, True, False, True, None), ('protocol', False, False, True, False, True, None), ('evolution', False, False, True, False, True, None), ('red_states', True, False, True, False, True, None)))] = _methods  # noqa: F811


def _methods(_MISSING, _set):
    def __init__(self, name, path, jobs):
        self.name = name
        self.path = path
        self.jobs = jobs
    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.name,self.path,self.jobs,) == (other.name,other.path,other.jobs,)
        return NotImplemented
    def __hash__(self):
        return hash((self.name,self.path,self.jobs,))
    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}


SHAPES[(('__init__', '__eq__', '__hash__'), False, (('name', False, False, True, False, True, None), ('path', False, False, True, False, True, None), ('jobs', False, False, True, False, True, None)))] = _methods  # noqa: F811


def _methods(_MISSING, _set):
    def __init__(self, name, pos):
        self.name = name
        self.pos = pos
    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.name,self.pos,) == (other.name,other.pos,)
        return NotImplemented
    def __hash__(self):
        return hash((self.name,self.pos,))
    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}


SHAPES[(('__init__', '__eq__', '__hash__'), False, (('name', False, False, True, False, True, None), ('pos', False, False, True, False, True, None)))] = _methods  # noqa: F811


def _methods(_MISSING, _default_positive, _default_state, _set):
    def __init__(self, name, positive=_default_positive, state=_default_state):
        self.name = name
        self.positive = positive
        self.state = state
    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.name,self.positive,self.state,) == (other.name,other.positive,other.state,)
        return NotImplemented
    def __hash__(self):
        return hash((self.name,self.positive,self.state,))
    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}


SHAPES[(('__init__', '__eq__', '__hash__'), False, (('name', False, False, True, False, True, None), ('positive', True, False, True, False, True, None), ('state', True, False, True, False, True, None)))] = _methods  # noqa: F811


def _methods(_MISSING, _default_compassion, _default_positions, _default_warnings, _set):
    def __init__(self, name, semantics, agents, propositions, initial_condition, groups, fairness, formulae, warnings=_default_warnings, positions=_default_positions, compassion=_default_compassion):
        self.name = name
        self.semantics = semantics
        self.agents = agents
        self.propositions = propositions
        self.initial_condition = initial_condition
        self.groups = groups
        self.fairness = fairness
        self.formulae = formulae
        self.warnings = warnings
        self.positions = positions
        self.compassion = compassion
    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.name,self.semantics,self.agents,self.propositions,self.initial_condition,self.groups,self.fairness,self.formulae,self.warnings,self.compassion,) == (other.name,other.semantics,other.agents,other.propositions,other.initial_condition,other.groups,other.fairness,other.formulae,other.warnings,other.compassion,)
        return NotImplemented
    def __hash__(self):
        return hash((self.name,self.semantics,self.agents,self.initial_condition,self.fairness,self.formulae,self.warnings,self.compassion,))
    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}


SHAPES[(('__init__', '__eq__', '__hash__'), False, (('name', False, False, True, False, True, None), ('semantics', False, False, True, False, True, None), ('agents', False, False, True, False, True, None), ('propositions', False, False, True, False, True, False), ('initial_condition', False, False, True, False, True, None), ('groups', False, False, True, False, True, False), ('fairness', False, False, True, False, True, None), ('formulae', False, False, True, False, True, None), ('warnings', True, False, True, False, True, None), ('positions', True, False, True, False, False, False), ('compassion', True, False, True, False, True, None)))] = _methods  # noqa: F811


def _methods(_MISSING, _default_expectations, _default_file_formulae, _default_formulas, _default_generator, _default_model_text, _default_strategies, _set):
    def __init__(self, name, source, model_text=_default_model_text, generator=_default_generator, formulas=_default_formulas, file_formulae=_default_file_formulae, expectations=_default_expectations, strategies=_default_strategies):
        self.name = name
        self.source = source
        self.model_text = model_text
        self.generator = generator
        self.formulas = formulas
        self.file_formulae = file_formulae
        self.expectations = expectations
        self.strategies = strategies
    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.name,self.source,self.model_text,self.generator,self.formulas,self.file_formulae,self.expectations,self.strategies,) == (other.name,other.source,other.model_text,other.generator,other.formulas,other.file_formulae,other.expectations,other.strategies,)
        return NotImplemented
    def __hash__(self):
        return hash((self.name,self.source,self.model_text,self.generator,self.formulas,self.file_formulae,self.expectations,self.strategies,))
    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}


SHAPES[(('__init__', '__eq__', '__hash__'), False, (('name', False, False, True, False, True, None), ('source', False, False, True, False, True, None), ('model_text', True, False, True, False, True, None), ('generator', True, False, True, False, True, None), ('formulas', True, False, True, False, True, None), ('file_formulae', True, False, True, False, True, None), ('expectations', True, False, True, False, True, None), ('strategies', True, False, True, False, True, None)))] = _methods  # noqa: F811


def _methods(_MISSING, _set):
    def __init__(self, name, type, pos):
        self.name = name
        self.type = type
        self.pos = pos
    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.name,self.type,self.pos,) == (other.name,other.type,other.pos,)
        return NotImplemented
    def __hash__(self):
        return hash((self.name,self.type,self.pos,))
    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}


SHAPES[(('__init__', '__eq__', '__hash__'), False, (('name', False, False, True, False, True, None), ('type', False, False, True, False, True, None), ('pos', False, False, True, False, True, None)))] = _methods  # noqa: F811


def _methods(_MISSING, _default_svg, _factory_states, _set):
    def __init__(self, note, svg=_default_svg, states=_MISSING):
        self.note = note
        self.svg = svg
        self.states = _factory_states() if states is _MISSING else states
    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.note,self.svg,self.states,) == (other.note,other.svg,other.states,)
        return NotImplemented
    def __hash__(self):
        return hash((self.note,self.svg,self.states,))
    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}


SHAPES[(('__init__', '__eq__', '__hash__'), False, (('note', False, False, True, False, True, None), ('svg', True, False, True, False, True, None), ('states', False, True, True, False, True, None)))] = _methods  # noqa: F811


def _methods(_MISSING, _set):
    def __init__(self, now, later):
        self.now = now
        self.later = later
    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.now,self.later,) == (other.now,other.later,)
        return NotImplemented
    def __hash__(self):
        return hash((self.now,self.later,))
    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}


SHAPES[(('__init__', '__eq__', '__hash__'), False, (('now', False, False, True, False, True, None), ('later', False, False, True, False, True, None)))] = _methods  # noqa: F811


def _methods(_MISSING, _set):
    def __init__(self, op, left, right):
        self.op = op
        self.left = left
        self.right = right
    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.op,self.left,self.right,) == (other.op,other.left,other.right,)
        return NotImplemented
    def __hash__(self):
        return hash((self.op,self.left,self.right,))
    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}


SHAPES[(('__init__', '__eq__', '__hash__'), False, (('op', False, False, True, False, True, None), ('left', False, False, True, False, True, None), ('right', False, False, True, False, True, None)))] = _methods  # noqa: F811


def _methods(_MISSING, _set):
    def __init__(self, op, left, right, pos):
        self.op = op
        self.left = left
        self.right = right
        self.pos = pos
    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.op,self.left,self.right,self.pos,) == (other.op,other.left,other.right,other.pos,)
        return NotImplemented
    def __hash__(self):
        return hash((self.op,self.left,self.right,self.pos,))
    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}


SHAPES[(('__init__', '__eq__', '__hash__'), False, (('op', False, False, True, False, True, None), ('left', False, False, True, False, True, None), ('right', False, False, True, False, True, None), ('pos', False, False, True, False, True, None)))] = _methods  # noqa: F811


def _methods(_MISSING, _set):
    def __init__(self, op, operand):
        self.op = op
        self.operand = operand
    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.op,self.operand,) == (other.op,other.operand,)
        return NotImplemented
    def __hash__(self):
        return hash((self.op,self.operand,))
    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}


SHAPES[(('__init__', '__eq__', '__hash__'), False, (('op', False, False, True, False, True, None), ('operand', False, False, True, False, True, None)))] = _methods  # noqa: F811


def _methods(_MISSING, _set):
    def __init__(self, op, operand, pos):
        self.op = op
        self.operand = operand
        self.pos = pos
    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.op,self.operand,self.pos,) == (other.op,other.operand,other.pos,)
        return NotImplemented
    def __hash__(self):
        return hash((self.op,self.operand,self.pos,))
    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}


SHAPES[(('__init__', '__eq__', '__hash__'), False, (('op', False, False, True, False, True, None), ('operand', False, False, True, False, True, None), ('pos', False, False, True, False, True, None)))] = _methods  # noqa: F811


def _methods(_MISSING, _set):
    def __init__(self, operand):
        self.operand = operand
    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.operand,) == (other.operand,)
        return NotImplemented
    def __hash__(self):
        return hash((self.operand,))
    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}


SHAPES[(('__init__', '__eq__', '__hash__'), False, (('operand', False, False, True, False, True, None),))] = _methods  # noqa: F811


def _methods(_MISSING, _set):
    def __init__(self, original, text):
        self.original = original
        self.text = text
    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.original,self.text,) == (other.original,other.text,)
        return NotImplemented
    def __hash__(self):
        return hash((self.original,self.text,))
    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}


SHAPES[(('__init__', '__eq__', '__hash__'), False, (('original', False, False, True, False, True, None), ('text', False, False, True, False, True, None)))] = _methods  # noqa: F811


def _methods(_MISSING, _set):
    def __init__(self, pos):
        self.pos = pos
    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.pos,) == (other.pos,)
        return NotImplemented
    def __hash__(self):
        return hash((self.pos,))
    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}


SHAPES[(('__init__', '__eq__', '__hash__'), False, (('pos', False, False, True, False, True, None),))] = _methods  # noqa: F811


def _methods(_MISSING, _set):
    def __init__(self, propositions, commitments, events, beliefs):
        self.propositions = propositions
        self.commitments = commitments
        self.events = events
        self.beliefs = beliefs
    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.propositions,self.commitments,self.events,self.beliefs,) == (other.propositions,other.commitments,other.events,other.beliefs,)
        return NotImplemented
    def __hash__(self):
        return hash((self.propositions,self.commitments,self.events,self.beliefs,))
    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}


SHAPES[(('__init__', '__eq__', '__hash__'), False, (('propositions', False, False, True, False, True, None), ('commitments', False, False, True, False, True, None), ('events', False, False, True, False, True, None), ('beliefs', False, False, True, False, True, None)))] = _methods  # noqa: F811


def _methods(_MISSING, _set):
    def __init__(self, required, forbidden, tests, outcomes):
        self.required = required
        self.forbidden = forbidden
        self.tests = tests
        self.outcomes = outcomes
    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.required,self.forbidden,self.tests,self.outcomes,) == (other.required,other.forbidden,other.tests,other.outcomes,)
        return NotImplemented
    def __hash__(self):
        return hash((self.required,self.forbidden,self.tests,self.outcomes,))
    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}


SHAPES[(('__init__', '__eq__', '__hash__'), False, (('required', False, False, True, False, True, None), ('forbidden', False, False, True, False, True, None), ('tests', False, False, True, False, True, None), ('outcomes', False, False, True, False, True, None)))] = _methods  # noqa: F811


def _methods(_MISSING, _set):
    def __init__(self, role, goals, beliefs, utilities):
        self.role = role
        self.goals = goals
        self.beliefs = beliefs
        self.utilities = utilities
    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.role,self.goals,self.beliefs,self.utilities,) == (other.role,other.goals,other.beliefs,other.utilities,)
        return NotImplemented
    def __hash__(self):
        return hash((self.role,self.goals,self.beliefs,self.utilities,))
    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}


SHAPES[(('__init__', '__eq__', '__hash__'), False, (('role', False, False, True, False, True, None), ('goals', False, False, True, False, True, None), ('beliefs', False, False, True, False, True, None), ('utilities', False, False, True, False, True, None)))] = _methods  # noqa: F811


def _methods(_MISSING, _set):
    def __init__(self, role, precondition, distribution):
        self.role = role
        self.precondition = precondition
        self.distribution = distribution
    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.role,self.precondition,self.distribution,) == (other.role,other.precondition,other.distribution,)
        return NotImplemented
    def __hash__(self):
        return hash((self.role,self.precondition,self.distribution,))
    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}


SHAPES[(('__init__', '__eq__', '__hash__'), False, (('role', False, False, True, False, True, None), ('precondition', False, False, True, False, True, None), ('distribution', False, False, True, False, True, None)))] = _methods  # noqa: F811


def _methods(_MISSING, _set):
    def __init__(self, role, precondition, outcomes):
        self.role = role
        self.precondition = precondition
        self.outcomes = outcomes
    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.role,self.precondition,self.outcomes,) == (other.role,other.precondition,other.outcomes,)
        return NotImplemented
    def __hash__(self):
        return hash((self.role,self.precondition,self.outcomes,))
    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}


SHAPES[(('__init__', '__eq__', '__hash__'), False, (('role', False, False, True, False, True, None), ('precondition', False, False, True, False, True, None), ('outcomes', False, False, True, False, True, None)))] = _methods  # noqa: F811


def _methods(_MISSING, _default_file, _factory_thresholds, _set):
    def __init__(self, roles, propositions, events, commitments, operations, agent, thresholds=_MISSING, file=_default_file):
        self.roles = roles
        self.propositions = propositions
        self.events = events
        self.commitments = commitments
        self.operations = operations
        self.agent = agent
        self.thresholds = _factory_thresholds() if thresholds is _MISSING else thresholds
        self.file = file
    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.roles,self.propositions,self.events,self.commitments,self.operations,self.agent,self.thresholds,self.file,) == (other.roles,other.propositions,other.events,other.commitments,other.operations,other.agent,other.thresholds,other.file,)
        return NotImplemented
    def __hash__(self):
        return hash((self.roles,self.propositions,self.events,self.commitments,self.operations,self.agent,self.thresholds,self.file,))
    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}


SHAPES[(('__init__', '__eq__', '__hash__'), False, (('roles', False, False, True, False, True, None), ('propositions', False, False, True, False, True, None), ('events', False, False, True, False, True, None), ('commitments', False, False, True, False, True, None), ('operations', False, False, True, False, True, None), ('agent', False, False, True, False, True, None), ('thresholds', False, True, True, False, True, None), ('file', True, False, True, False, True, None)))] = _methods  # noqa: F811


def _methods(_MISSING, _default_compassion, _set):
    def __init__(self, semantics, environment, agents, evaluation, evaluation_pos, initial, groups, fairness, formulae, compassion=_default_compassion):
        self.semantics = semantics
        self.environment = environment
        self.agents = agents
        self.evaluation = evaluation
        self.evaluation_pos = evaluation_pos
        self.initial = initial
        self.groups = groups
        self.fairness = fairness
        self.formulae = formulae
        self.compassion = compassion
    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.semantics,self.environment,self.agents,self.evaluation,self.evaluation_pos,self.initial,self.groups,self.fairness,self.formulae,self.compassion,) == (other.semantics,other.environment,other.agents,other.evaluation,other.evaluation_pos,other.initial,other.groups,other.fairness,other.formulae,other.compassion,)
        return NotImplemented
    def __hash__(self):
        return hash((self.semantics,self.environment,self.agents,self.evaluation,self.evaluation_pos,self.initial,self.groups,self.fairness,self.formulae,self.compassion,))
    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}


SHAPES[(('__init__', '__eq__', '__hash__'), False, (('semantics', False, False, True, False, True, None), ('environment', False, False, True, False, True, None), ('agents', False, False, True, False, True, None), ('evaluation', False, False, True, False, True, None), ('evaluation_pos', False, False, True, False, True, None), ('initial', False, False, True, False, True, None), ('groups', False, False, True, False, True, None), ('fairness', False, False, True, False, True, None), ('formulae', False, False, True, False, True, None), ('compassion', True, False, True, False, True, None)))] = _methods  # noqa: F811


def _methods(_MISSING, _set):
    def __init__(self, source, target, actions):
        self.source = source
        self.target = target
        self.actions = actions
    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.source,self.target,self.actions,) == (other.source,other.target,other.actions,)
        return NotImplemented
    def __hash__(self):
        return hash((self.source,self.target,self.actions,))
    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}


SHAPES[(('__init__', '__eq__', '__hash__'), False, (('source', False, False, True, False, True, None), ('target', False, False, True, False, True, None), ('actions', False, False, True, False, True, None)))] = _methods  # noqa: F811


def _methods(_MISSING, _set):
    def __init__(self, state, action):
        self.state = state
        self.action = action
    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.state,self.action,) == (other.state,other.action,)
        return NotImplemented
    def __hash__(self):
        return hash((self.state,self.action,))
    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}


SHAPES[(('__init__', '__eq__', '__hash__'), False, (('state', False, False, True, False, True, None), ('action', False, False, True, False, True, None)))] = _methods  # noqa: F811


def _methods(_MISSING, _default_notes, _default_trace, _set):
    def __init__(self, state, trace=_default_trace, notes=_default_notes):
        self.state = state
        self.trace = trace
        self.notes = notes
    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.state,self.trace,self.notes,) == (other.state,other.trace,other.notes,)
        return NotImplemented
    def __hash__(self):
        return hash((self.state,self.trace,self.notes,))
    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}


SHAPES[(('__init__', '__eq__', '__hash__'), False, (('state', False, False, True, False, True, None), ('trace', True, False, True, False, True, None), ('notes', True, False, True, False, True, None)))] = _methods  # noqa: F811


def _methods(_MISSING, _set):
    def __init__(self, states, actions, deadlocked):
        self.states = states
        self.actions = actions
        self.deadlocked = deadlocked
    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.states,self.actions,self.deadlocked,) == (other.states,other.actions,other.deadlocked,)
        return NotImplemented
    def __hash__(self):
        return hash((self.states,self.actions,self.deadlocked,))
    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}


SHAPES[(('__init__', '__eq__', '__hash__'), False, (('states', False, False, True, False, True, None), ('actions', False, False, True, False, True, None), ('deadlocked', False, False, True, False, True, None)))] = _methods  # noqa: F811


def _methods(_MISSING, _default_compassion_pairs, _set):
    def __init__(self, states, variables, fairness_sets, compassion_pairs=_default_compassion_pairs):
        self.states = states
        self.variables = variables
        self.fairness_sets = fairness_sets
        self.compassion_pairs = compassion_pairs
    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.states,self.variables,self.fairness_sets,self.compassion_pairs,) == (other.states,other.variables,other.fairness_sets,other.compassion_pairs,)
        return NotImplemented
    def __hash__(self):
        return hash((self.states,self.variables,self.fairness_sets,self.compassion_pairs,))
    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}


SHAPES[(('__init__', '__eq__', '__hash__'), False, (('states', False, False, True, False, True, None), ('variables', False, False, True, False, True, None), ('fairness_sets', False, False, True, False, True, None), ('compassion_pairs', True, False, True, False, True, None)))] = _methods  # noqa: F811


def _methods(_MISSING, _set):
    def __init__(self, subproblem):
        self.subproblem = subproblem
    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.subproblem,) == (other.subproblem,)
        return NotImplemented
    def __hash__(self):
        return hash((self.subproblem,))
    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}


SHAPES[(('__init__', '__eq__', '__hash__'), False, (('subproblem', False, False, True, False, True, None),))] = _methods  # noqa: F811


def _methods(_MISSING, _set):
    def __init__(self, symbols, pos):
        self.symbols = symbols
        self.pos = pos
    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.symbols,self.pos,) == (other.symbols,other.pos,)
        return NotImplemented
    def __hash__(self):
        return hash((self.symbols,self.pos,))
    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}


SHAPES[(('__init__', '__eq__', '__hash__'), False, (('symbols', False, False, True, False, True, None), ('pos', False, False, True, False, True, None)))] = _methods  # noqa: F811


def _methods(_MISSING, _set):
    def __init__(self, symbols):
        self.symbols = symbols
    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.symbols,) == (other.symbols,)
        return NotImplemented
    def __hash__(self):
        return hash((self.symbols,))
    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}


SHAPES[(('__init__', '__eq__', '__hash__'), False, (('symbols', False, False, True, False, True, None),))] = _methods  # noqa: F811


def _methods(_MISSING, _default_action_bits, _default_compassion, _set):
    def __init__(self, system, satisfied, fair, fairness, obligations, preimage, action_bits=_default_action_bits, compassion=_default_compassion):
        self.system = system
        self.satisfied = satisfied
        self.fair = fair
        self.fairness = fairness
        self.obligations = obligations
        self.preimage = preimage
        self.action_bits = action_bits
        self.compassion = compassion
    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.system,self.satisfied,self.fair,self.fairness,self.obligations,self.preimage,self.action_bits,self.compassion,) == (other.system,other.satisfied,other.fair,other.fairness,other.obligations,other.preimage,other.action_bits,other.compassion,)
        return NotImplemented
    def __hash__(self):
        return hash((self.system,self.satisfied,self.fair,self.fairness,self.obligations,self.preimage,self.action_bits,self.compassion,))
    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}


SHAPES[(('__init__', '__eq__', '__hash__'), False, (('system', False, False, True, False, True, None), ('satisfied', False, False, True, False, True, None), ('fair', False, False, True, False, True, None), ('fairness', False, False, True, False, True, None), ('obligations', False, False, True, False, True, None), ('preimage', False, False, True, False, True, None), ('action_bits', True, False, True, False, True, None), ('compassion', True, False, True, False, True, None)))] = _methods  # noqa: F811


def _methods(_MISSING, _set):
    def __init__(self, target, value, pos):
        self.target = target
        self.value = value
        self.pos = pos
    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.target,self.value,self.pos,) == (other.target,other.value,other.pos,)
        return NotImplemented
    def __hash__(self):
        return hash((self.target,self.value,self.pos,))
    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}


SHAPES[(('__init__', '__eq__', '__hash__'), False, (('target', False, False, True, False, True, None), ('value', False, False, True, False, True, None), ('pos', False, False, True, False, True, None)))] = _methods  # noqa: F811


def _methods(_MISSING, _set):
    def __init__(self, text, at):
        self.text = text
        self.at = at
    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.text,self.at,) == (other.text,other.at,)
        return NotImplemented
    def __hash__(self):
        return hash((self.text,self.at,))
    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}


SHAPES[(('__init__', '__eq__', '__hash__'), False, (('text', False, False, True, False, True, None), ('at', False, False, True, False, True, None)))] = _methods  # noqa: F811


def _methods(_MISSING, _default_comparisons, _default_warnings, _set):
    def __init__(self, text, formula, mode, pos, warnings=_default_warnings, comparisons=_default_comparisons):
        self.text = text
        self.formula = formula
        self.mode = mode
        self.pos = pos
        self.warnings = warnings
        self.comparisons = comparisons
    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.text,self.formula,self.mode,self.pos,self.warnings,self.comparisons,) == (other.text,other.formula,other.mode,other.pos,other.warnings,other.comparisons,)
        return NotImplemented
    def __hash__(self):
        return hash((self.text,self.formula,self.mode,self.pos,self.warnings,self.comparisons,))
    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}


SHAPES[(('__init__', '__eq__', '__hash__'), False, (('text', False, False, True, False, True, None), ('formula', False, False, True, False, True, None), ('mode', False, False, True, False, True, None), ('pos', False, False, True, False, True, None), ('warnings', True, False, True, False, True, None), ('comparisons', True, False, True, False, True, None)))] = _methods  # noqa: F811


def _methods(_MISSING, _default_mode, _default_source, _default_warnings, _set):
    def __init__(self, text, formula, mode=_default_mode, source=_default_source, warnings=_default_warnings):
        self.text = text
        self.formula = formula
        self.mode = mode
        self.source = source
        self.warnings = warnings
    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.text,self.formula,self.mode,self.source,self.warnings,) == (other.text,other.formula,other.mode,other.source,other.warnings,)
        return NotImplemented
    def __hash__(self):
        return hash((self.text,self.formula,self.mode,self.source,self.warnings,))
    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}


SHAPES[(('__init__', '__eq__', '__hash__'), False, (('text', False, False, True, False, True, None), ('formula', False, False, True, False, True, None), ('mode', True, False, True, False, True, None), ('source', True, False, True, False, True, None), ('warnings', True, False, True, False, True, None)))] = _methods  # noqa: F811


def _methods(_MISSING, _set):
    def __init__(self, text, line, offset, trailing):
        self.text = text
        self.line = line
        self.offset = offset
        self.trailing = trailing
    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.text,self.line,self.offset,self.trailing,) == (other.text,other.line,other.offset,other.trailing,)
        return NotImplemented
    def __hash__(self):
        return hash((self.text,self.line,self.offset,self.trailing,))
    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}


SHAPES[(('__init__', '__eq__', '__hash__'), False, (('text', False, False, True, False, True, None), ('line', False, False, True, False, True, None), ('offset', False, False, True, False, True, None), ('trailing', False, False, True, False, True, None)))] = _methods  # noqa: F811


def _methods(_MISSING, _set):
    def __init__(self, text, pos):
        self.text = text
        self.pos = pos
    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.text,self.pos,) == (other.text,other.pos,)
        return NotImplemented
    def __hash__(self):
        return hash((self.text,self.pos,))
    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}


SHAPES[(('__init__', '__eq__', '__hash__'), False, (('text', False, False, True, False, True, None), ('pos', False, False, True, False, True, None)))] = _methods  # noqa: F811


def _methods(_MISSING, _set):
    def __init__(self, text, top, open_levels):
        self.text = text
        self.top = top
        self.open_levels = open_levels
    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.text,self.top,self.open_levels,) == (other.text,other.top,other.open_levels,)
        return NotImplemented
    def __hash__(self):
        return hash((self.text,self.top,self.open_levels,))
    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}


SHAPES[(('__init__', '__eq__', '__hash__'), False, (('text', False, False, True, False, True, None), ('top', False, False, True, False, True, None), ('open_levels', False, False, True, False, True, None)))] = _methods  # noqa: F811


def _methods(_MISSING, _default_engine, _default_html_page, _default_max_memory, _default_timeout, _set):
    def __init__(self, timeout=_default_timeout, max_memory=_default_max_memory, html_page=_default_html_page, engine=_default_engine):
        self.timeout = timeout
        self.max_memory = max_memory
        self.html_page = html_page
        self.engine = engine
    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.timeout,self.max_memory,self.html_page,self.engine,) == (other.timeout,other.max_memory,other.html_page,other.engine,)
        return NotImplemented
    def __hash__(self):
        return hash((self.timeout,self.max_memory,self.html_page,self.engine,))
    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}


SHAPES[(('__init__', '__eq__', '__hash__'), False, (('timeout', True, False, True, False, True, None), ('max_memory', True, False, True, False, True, None), ('html_page', True, False, True, False, True, None), ('engine', True, False, True, False, True, None)))] = _methods  # noqa: F811


def _methods(_MISSING, _set):
    def __init__(self, value, at, text):
        self.value = value
        self.at = at
        self.text = text
    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.value,self.at,self.text,) == (other.value,other.at,other.text,)
        return NotImplemented
    def __hash__(self):
        return hash((self.value,self.at,self.text,))
    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}


SHAPES[(('__init__', '__eq__', '__hash__'), False, (('value', False, False, True, False, True, None), ('at', False, False, True, False, True, None), ('text', False, False, True, False, True, None)))] = _methods  # noqa: F811


def _methods(_MISSING, _set):
    def __init__(self, value, pos):
        self.value = value
        self.pos = pos
    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.value,self.pos,) == (other.value,other.pos,)
        return NotImplemented
    def __hash__(self):
        return hash((self.value,self.pos,))
    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}


SHAPES[(('__init__', '__eq__', '__hash__'), False, (('value', False, False, True, False, True, None), ('pos', False, False, True, False, True, None)))] = _methods  # noqa: F811


def _methods(_MISSING, _default_missing, _default_notes, _default_trace, _set):
    def __init__(self, value, trace=_default_trace, missing=_default_missing, notes=_default_notes):
        self.value = value
        self.trace = trace
        self.missing = missing
        self.notes = notes
    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.value,self.trace,self.missing,self.notes,) == (other.value,other.trace,other.missing,other.notes,)
        return NotImplemented
    def __hash__(self):
        return hash((self.value,self.trace,self.missing,self.notes,))
    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}


SHAPES[(('__init__', '__eq__', '__hash__'), False, (('value', False, False, True, False, True, None), ('trace', True, False, True, False, True, None), ('missing', True, False, True, False, True, None), ('notes', True, False, True, False, True, None)))] = _methods  # noqa: F811


def _methods(_MISSING, _set):
    def __init__(self, value):
        self.value = value
    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.value,) == (other.value,)
        return NotImplemented
    def __hash__(self):
        return hash((self.value,))
    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}


SHAPES[(('__init__', '__eq__', '__hash__'), False, (('value', False, False, True, False, True, None),))] = _methods  # noqa: F811


def _methods(_MISSING, _set):
    def __init__(self, variable, current, next, values):
        self.variable = variable
        self.current = current
        self.next = next
        self.values = values
    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.variable,self.current,self.next,self.values,) == (other.variable,other.current,other.next,other.values,)
        return NotImplemented
    def __hash__(self):
        return hash((self.variable,self.current,self.next,self.values,))
    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}


SHAPES[(('__init__', '__eq__', '__hash__'), False, (('variable', False, False, True, False, True, None), ('current', False, False, True, False, True, None), ('next', False, False, True, False, True, None), ('values', False, False, True, False, True, None)))] = _methods  # noqa: F811


def _methods(_MISSING, _set):
    def __init__(self, variable):
        self.variable = variable
    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.variable,) == (other.variable,)
        return NotImplemented
    def __hash__(self):
        return hash((self.variable,))
    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}


SHAPES[(('__init__', '__eq__', '__hash__'), False, (('variable', False, False, True, False, True, None),))] = _methods  # noqa: F811


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


SHAPES[(('__init__', '__eq__', '__hash__'), False, ())] = _methods  # noqa: F811


def _methods(_MISSING, _default_bound, _default_cluster_size, _default_deadlock, _default_engine, _default_file_formulae, _default_lint, _default_max_memory, _default_order, _default_reorder, _default_strategies, _default_timeout, _default_witness, _set):
    def __init__(self, file_formulae=_default_file_formulae, deadlock=_default_deadlock, witness=_default_witness, lint=_default_lint, reorder=_default_reorder, order=_default_order, cluster_size=_default_cluster_size, max_memory=_default_max_memory, timeout=_default_timeout, strategies=_default_strategies, engine=_default_engine, bound=_default_bound):
        self.file_formulae = file_formulae
        self.deadlock = deadlock
        self.witness = witness
        self.lint = lint
        self.reorder = reorder
        self.order = order
        self.cluster_size = cluster_size
        self.max_memory = max_memory
        self.timeout = timeout
        self.strategies = strategies
        self.engine = engine
        self.bound = bound
        self.__post_init__()
    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.file_formulae,self.deadlock,self.witness,self.lint,self.reorder,self.order,self.cluster_size,self.max_memory,self.timeout,self.strategies,self.engine,self.bound,) == (other.file_formulae,other.deadlock,other.witness,other.lint,other.reorder,other.order,other.cluster_size,other.max_memory,other.timeout,other.strategies,other.engine,other.bound,)
        return NotImplemented
    def __hash__(self):
        return hash((self.file_formulae,self.deadlock,self.witness,self.lint,self.reorder,self.order,self.cluster_size,self.max_memory,self.timeout,self.strategies,self.engine,self.bound,))
    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}


SHAPES[(('__init__', '__eq__', '__hash__'), True, (('file_formulae', True, False, True, False, True, None), ('deadlock', True, False, True, False, True, None), ('witness', True, False, True, False, True, None), ('lint', True, False, True, False, True, None), ('reorder', True, False, True, False, True, None), ('order', True, False, True, False, True, None), ('cluster_size', True, False, True, False, True, None), ('max_memory', True, False, True, False, True, None), ('timeout', True, False, True, False, True, None), ('strategies', True, False, True, False, True, None), ('engine', True, False, True, False, True, None), ('bound', True, False, True, False, True, None)))] = _methods  # noqa: F811


def _methods(_MISSING, _default_actions, _set):
    def __init__(self, prefix, loop, actions=_default_actions):
        self.prefix = prefix
        self.loop = loop
        self.actions = actions
        self.__post_init__()
    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.prefix,self.loop,self.actions,) == (other.prefix,other.loop,other.actions,)
        return NotImplemented
    def __hash__(self):
        return hash((self.prefix,self.loop,self.actions,))
    return {'__init__': __init__, '__eq__': __eq__, '__hash__': __hash__}


SHAPES[(('__init__', '__eq__', '__hash__'), True, (('prefix', False, False, True, False, True, None), ('loop', False, False, True, False, True, None), ('actions', True, False, True, False, True, None)))] = _methods  # noqa: F811


def _methods(_MISSING, _default_acknowledged, _default_expired, _factory_finished, _factory_watcher_done, _set):
    def __init__(self, seconds, thread, finished=_MISSING, watcher_done=_MISSING, expired=_default_expired, acknowledged=_default_acknowledged):
        self.seconds = seconds
        self.thread = thread
        self.finished = _factory_finished() if finished is _MISSING else finished
        self.watcher_done = _factory_watcher_done() if watcher_done is _MISSING else watcher_done
        self.expired = expired
        self.acknowledged = acknowledged
    return {'__init__': __init__}


SHAPES[(('__init__',), False, (('seconds', False, False, True, False, True, None), ('thread', False, False, True, False, True, None), ('finished', False, True, True, False, True, None), ('watcher_done', False, True, True, False, True, None), ('expired', True, False, True, False, True, None), ('acknowledged', True, False, True, False, True, None)))] = _methods  # noqa: F811


def _methods(_MISSING, _default_pos, _set):
    def __init__(self, agent, action, *, pos=_default_pos):
        self.agent = agent
        self.action = action
        self.pos = pos
        self.__post_init__()
    return {'__init__': __init__}


SHAPES[(('__init__',), True, (('agent', False, False, True, False, True, None), ('action', False, False, True, False, True, None), ('pos', True, False, True, True, False, None)))] = _methods  # noqa: F811


def _methods(_MISSING, _default_pos, _set):
    def __init__(self, agent, kind, *, pos=_default_pos):
        self.agent = agent
        self.kind = kind
        self.pos = pos
        self.__post_init__()
    return {'__init__': __init__}


SHAPES[(('__init__',), True, (('agent', False, False, True, False, True, None), ('kind', False, False, True, False, True, None), ('pos', True, False, True, True, False, None)))] = _methods  # noqa: F811


def _methods(_MISSING, _default_pos, _set):
    def __init__(self, agent, operand, *, pos=_default_pos):
        self.agent = agent
        self.operand = operand
        self.pos = pos
        self.__post_init__()
    return {'__init__': __init__}


SHAPES[(('__init__',), True, (('agent', False, False, True, False, True, None), ('operand', False, False, True, False, True, None), ('pos', True, False, True, True, False, None)))] = _methods  # noqa: F811


def _methods(_MISSING, _default_pos, _set):
    def __init__(self, debtor, creditor, operand, *, pos=_default_pos):
        self.debtor = debtor
        self.creditor = creditor
        self.operand = operand
        self.pos = pos
        self.__post_init__()
    return {'__init__': __init__}


SHAPES[(('__init__',), True, (('debtor', False, False, True, False, True, None), ('creditor', False, False, True, False, True, None), ('operand', False, False, True, False, True, None), ('pos', True, False, True, True, False, None)))] = _methods  # noqa: F811


def _methods(_MISSING, _default_condition, _default_pos, _set):
    def __init__(self, debtor, creditor, path, condition=_default_condition, *, pos=_default_pos):
        self.debtor = debtor
        self.creditor = creditor
        self.path = path
        self.condition = condition
        self.pos = pos
        self.__post_init__()
    return {'__init__': __init__}


SHAPES[(('__init__',), True, (('debtor', False, False, True, False, True, None), ('creditor', False, False, True, False, True, None), ('path', False, False, True, False, True, None), ('condition', True, False, True, False, True, None), ('pos', True, False, True, True, False, None)))] = _methods  # noqa: F811


def _methods(_MISSING, _default_pos, _set):
    def __init__(self, group, operand, *, pos=_default_pos):
        self.group = group
        self.operand = operand
        self.pos = pos
        self.__post_init__()
    return {'__init__': __init__}


SHAPES[(('__init__',), True, (('group', False, False, True, False, True, None), ('operand', False, False, True, False, True, None), ('pos', True, False, True, True, False, None)))] = _methods  # noqa: F811


def _methods(_MISSING, _default_pos, _set):
    def __init__(self, group, path, *, pos=_default_pos):
        self.group = group
        self.path = path
        self.pos = pos
        self.__post_init__()
    return {'__init__': __init__}


SHAPES[(('__init__',), True, (('group', False, False, True, False, True, None), ('path', False, False, True, False, True, None), ('pos', True, False, True, True, False, None)))] = _methods  # noqa: F811


def _methods(_MISSING, _default_pos, _set):
    def __init__(self, left, right, *, pos=_default_pos):
        self.left = left
        self.right = right
        self.pos = pos
        self.__post_init__()
    return {'__init__': __init__}


SHAPES[(('__init__',), True, (('left', False, False, True, False, True, None), ('right', False, False, True, False, True, None), ('pos', True, False, True, True, False, None)))] = _methods  # noqa: F811


def _methods(_MISSING, _default_pos, _set):
    def __init__(self, name, *, pos=_default_pos):
        self.name = name
        self.pos = pos
        self.__post_init__()
    return {'__init__': __init__}


SHAPES[(('__init__',), True, (('name', False, False, True, False, True, None), ('pos', True, False, True, True, False, None)))] = _methods  # noqa: F811


def _methods(_MISSING, _default_pos, _set):
    def __init__(self, operand, *, pos=_default_pos):
        self.operand = operand
        self.pos = pos
        self.__post_init__()
    return {'__init__': __init__}


SHAPES[(('__init__',), True, (('operand', False, False, True, False, True, None), ('pos', True, False, True, True, False, None)))] = _methods  # noqa: F811


def _methods(_MISSING, _default_infinite, _default_pos, _set):
    def __init__(self, path, infinite=_default_infinite, *, pos=_default_pos):
        self.path = path
        self.infinite = infinite
        self.pos = pos
        self.__post_init__()
    return {'__init__': __init__}


SHAPES[(('__init__',), True, (('path', False, False, True, False, True, None), ('infinite', True, False, True, False, True, None), ('pos', True, False, True, True, False, None)))] = _methods  # noqa: F811


def _methods(_MISSING, _default_pos, _set):
    def __init__(self, value, *, pos=_default_pos):
        self.value = value
        self.pos = pos
        self.__post_init__()
    return {'__init__': __init__}


SHAPES[(('__init__',), True, (('value', False, False, True, False, True, None), ('pos', True, False, True, True, False, None)))] = _methods  # noqa: F811
