"""The shareable HTML pages: one check report (`check --html`) and the index of a batch run (`batch --html`).

A page is one self-contained file — inline CSS and a few lines of inline
JavaScript, no external file, font or network access — built from the same data
as the JSON outputs: the check page from `CheckReport.to_json()` (docs/json.md,
traces and strategies included), the batch index from `BatchReport.to_json()`.
Every text that comes from a model, a formula or a file name is HTML-escaped
here, so a model file cannot inject markup into the page; the only markup not
written by this module is the state graph's SVG, which Graphviz writes from
identifiers (tools/report_page.py checks it).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import field
from html import escape

from ..runtime.records import record
from .values import value_text

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

_VERDICT_CLASS = {True: "true", False: "false", None: "error"}
_VERDICT_WORD = {True: "TRUE", False: "FALSE", None: "ERROR"}


@record
class GraphSection:
    """The state graph as the page shows it: a note, the SVG picture when there is one, and one row per state.

    A row is `{"index", "state": {agent: {variable: value}}, "props": [...], "initial",
    "deadlock", "successors": [{"target": index, "actions": ["Agent.action, …", …]}]}`.
    """

    note: str
    svg: str | None = None
    states: Sequence[Mapping[str, Any]] = field(default_factory=tuple)


# ---------------------------------------------------------------- the check report


def report_page(document: Mapping[str, Any], *, notes: Mapping[int, str] | None = None,
                graph: GraphSection | None = None) -> str:
    """The page of one `check` report (`document`: `CheckReport.to_json()`); `notes` say why a verdict has no trace."""
    notes = notes or {}
    formulas = document.get("formulas", [])
    state_numbers = _state_numbers(graph)
    model = str(document.get("model"))
    body = [
        _report_header(document, nested=any(formula.get("trace") and formula["trace"].get("children")
                                            for formula in formulas)),
        _verdict_table(formulas),
        *(_formula_section(formula, notes.get(formula["index"]), state_numbers) for formula in formulas),
    ]
    if graph is not None:
        body.append(_graph_section(graph))
    return _page(f"ctlstark: {model}", "\n".join(body), _footer(document.get("ctlstark_version")))


def _report_header(document: Mapping[str, Any], *, nested: bool) -> str:
    formulas = document.get("formulas", [])
    counts = {verdict: sum(formula["verdict"] is verdict for formula in formulas) for verdict in (True, False, None)}
    badges = " ".join(f'<span class="badge {_VERDICT_CLASS[verdict]}">{count} {_VERDICT_WORD[verdict]}</span>'
                      for verdict, count in counts.items() if count)
    strategies = document.get("strategies", "perfect")
    described = [f"{_text(document.get('semantics'))} semantics"]
    if strategies != "perfect":
        described.append(f"{_text(strategies)} strategies")
    figures = [("reachable states", _number(document.get("reachable_states"))),
               ("BDD variables", _number(document.get("bdd_variables")))]
    if "bdd_nodes_reachable" in document:
        figures += [("reachable-set nodes", _number(document["bdd_nodes_reachable"])),
                    ("peak nodes", _number(document.get("bdd_peak_nodes")))]
    if document.get("deadlock_states") is not None:
        figures.append(("deadlock states", _number(document["deadlock_states"])))
    times = document.get("times")
    if times:
        figures.append(("times", ", ".join(f"{_text(phase)} {_seconds(seconds)}" for phase, seconds in times.items())))
    file_name = f'<code>{_text(document["file"])}</code> · ' if document.get("file") else ""
    parts = [
        '<header>',
        f'<h1>ctlstark report: <span class="model-name">{_text(document.get("model"))}</span></h1>',
        f'<p class="file">{file_name}{", ".join(described)}</p>',
        f'<p class="counts">{badges or "no formula checked"}</p>',
        '<dl class="figures">' + "".join(f"<div><dt>{name}</dt><dd>{value}</dd></div>" for name, value in figures)
        + '</dl>',
    ]
    if document.get("stopped"):
        parts.append(f'<p class="problem">stopped ({_text(document["stopped"])}): the formulas not reached are '
                     f'marked ERROR</p>')
    parts += _list("warnings", document.get("warnings") or [])
    lint = document.get("lint")
    if lint:
        parts += _list("lint", [_lint_line(item) for item in lint])
    if nested:
        parts.append('<p class="controls"><button type="button" id="expand-all">Expand all sub-traces</button> '
                     '<button type="button" id="collapse-all">Collapse all</button></p>')
    parts.append('</header>')
    return "\n".join(parts)


def _lint_line(item: Mapping[str, Any]) -> str:
    """`file:line:col: message`, as the lint warning is printed (the place only when it has one)."""
    place = ":".join(str(item[key]) for key in ("file", "line", "column") if item.get(key) is not None)
    return f"{place}: {item.get('message')}" if place else str(item.get("message"))


def _list(title: str, items: Iterable[str]) -> list[str]:
    entries = "".join(f"<li><code>{_text(item)}</code></li>" for item in items)
    return [f'<div class="{title}"><h3>{title}</h3><ul>{entries}</ul></div>'] if entries else []


def _verdict_table(formulas: Sequence[Mapping[str, Any]]) -> str:
    rows = []
    for formula in formulas:
        index = int(formula["index"])
        seconds = formula.get("seconds")
        routes = formula.get("routes") or []
        route = (f'<code class="route">{_text(routes[0]["route"])}</code>' if routes
                 else '<span class="muted">—</span>')
        if len(routes) > 1:
            route += f' <span class="muted">+{len(routes) - 1}</span>'
        rows.append(
            f'<tr><td class="num"><a href="#formula-{index}">{index}</a></td>'
            f'<td>{_verdict_badge(formula["verdict"])}</td>'
            f'<td><a class="formula-link" href="#formula-{index}"><code>{_one_line(formula["text"])}</code></a></td>'
            f'<td>{route}</td><td class="num">{"" if seconds is None else _seconds(seconds)}</td>'
            f'<td>{_evidence_summary(formula)}</td></tr>')
    head = ('<tr><th>#</th><th>verdict</th><th>formula</th><th title="how the formula was computed (--stats); '
            '+N: the routes of N more subformulas, listed in its section">route</th><th>time</th>'
            '<th>explanation</th></tr>')
    return (f'<section id="verdicts"><h2>Verdicts</h2><div class="scroll"><table class="verdicts">'
            f'<thead>{head}</thead><tbody>{"".join(rows)}</tbody></table></div></section>')


def _evidence_summary(formula: Mapping[str, Any]) -> str:
    trace, strategy = formula.get("trace"), formula.get("strategy")
    if trace is not None:
        nested = _tree_size(trace) - 1
        steps = len(trace["steps"])
        words = [_text(trace["kind"]), f"{steps} step{'s' if steps != 1 else ''}"]
        if trace.get("loop_start") is not None:
            words.append("lasso")
        if nested:
            words.append(f"{nested} sub-trace{'s' if nested != 1 else ''}")
        return " · ".join(words)
    if strategy is not None:
        return _text(strategy["kind"])
    if formula.get("error"):
        return '<span class="problem">not checked</span>'
    return '<span class="muted">no trace</span>'


def _tree_size(trace: Mapping[str, Any]) -> int:
    return 1 + sum(_tree_size(child["trace"]) for child in trace.get("children", []))


def _formula_section(formula: Mapping[str, Any], note: str | None, state_numbers: Mapping[str, int]) -> str:
    index = int(formula["index"])
    meta = [f"<code>{_text(formula.get('source'))}</code>"]
    if formula.get("mode") not in (None, "default"):
        meta.append(f"{_text(formula['mode'])} entry")
    if formula.get("seconds") is not None:
        meta.append(f"checked in {_seconds(formula['seconds'])}")
    parts = [
        f'<section class="formula" id="formula-{index}">',
        f'<h2><span class="index">{index}</span> {_verdict_badge(formula["verdict"])} '
        f'<code class="formula-text">{_one_line(formula["text"])}</code></h2>',
        f'<p class="meta">{" · ".join(meta)}</p>',
    ]
    if formula.get("error"):
        parts.append(f'<p class="problem">{_text(formula["error"])}</p>')
    parts += _list("warnings", formula.get("warnings") or [])
    parts.append(_routes_table(formula.get("routes") or [], int(formula.get("routes_omitted") or 0)))
    if formula.get("trace") is not None:
        parts.append(_trace_block(formula["trace"], f"f{index}", state_numbers))
    if formula.get("strategy") is not None:
        parts.append(_strategy_block(formula["strategy"]))
    if formula.get("trace_error"):
        parts.append(f'<p class="problem">no trace: {_text(formula["trace_error"])}</p>')
    elif note and formula.get("trace") is None and formula.get("strategy") is None:
        parts.append(f'<p class="note">{_text(note.strip().removeprefix("(").removesuffix(")"))}</p>')
    parts.append('</section>')
    return "\n".join(parts)


def _routes_table(routes: Sequence[Mapping[str, Any]], omitted: int) -> str:
    if not routes:
        return ""
    rows = "".join(f'<tr><td><code class="route">{_text(route["route"])}</code></td>'
                   f'<td><code>{_one_line(route["formula"])}</code></td></tr>' for route in routes)
    more = f'<p class="muted">{omitted} more not listed</p>' if omitted else ""
    return (f'<details class="routes" open><summary>how it was computed ({len(routes)} '
            f'route{"s" if len(routes) != 1 else ""})</summary><div class="scroll"><table class="routes">'
            f'<thead><tr><th>route</th><th>subformula</th></tr></thead><tbody>{rows}</tbody></table></div>'
            f'{more}</details>')


# ---------------------------------------------------------------- traces


def _trace_block(trace: Mapping[str, Any], identifier: str, state_numbers: Mapping[str, int], *,
                 headed: bool = True) -> str:
    """One trace as a table of steps (agents' variables as columns), then its sub-traces as collapsed sections.

    A sub-trace is not `headed`: the summary of its section already names it.
    """
    steps = trace["steps"]
    loop_start = trace.get("loop_start")
    lasso = f'<span class="lasso">lasso: loops back to step {int(loop_start)}</span>' if loop_start is not None else ""
    parts = [f'<div class="trace" id="{identifier}">']
    if headed:
        parts.append(f'<p class="trace-head">{_trace_title(trace)} {lasso}</p>')
    elif lasso:
        parts.append(f'<p class="trace-head">{lasso}</p>')
    columns = [(agent, list(values)) for agent, values in steps[0]["state"].items()] if steps else []
    links_by_step: dict[int, list[str]] = {}
    for number, child in enumerate(trace.get("children", [])):
        target = f"{identifier}-c{number}"
        label = _link_label(child)
        links_by_step.setdefault(int(child["step"]), []).append(
            f'<a class="subtrace-link" href="#{target}" title="{_one_line(child["trace"]["formula"])}">{label}</a>')
    header_agents = "".join(f'<th class="agent" colspan="{len(names)}">{_text(agent)}</th>'
                            for agent, names in columns) or '<th class="agent">state</th>'
    header_names = "".join(f'<th class="var">{_text(name)}</th>' for _, names in columns for name in names) \
        or '<th class="var"></th>'
    extra = '<th rowspan="2">sub-traces</th>' if links_by_step else ""
    head = (f'<tr><th rowspan="2">step</th>{header_agents}<th rowspan="2">props (true here)</th>'
            f'<th rowspan="2">action taken</th>{extra}</tr><tr>{header_names}</tr>')
    rows = [_step_row(step, columns, identifier, loop_start, links_by_step, state_numbers, bool(links_by_step))
            for step in steps]
    if loop_start is not None and steps:
        rows.append(_back_row(steps[-1]["state"], steps[int(loop_start)]["state"], int(loop_start),
                              3 + max(1, sum(len(names) for _, names in columns)) + bool(links_by_step)))
    parts.append(f'<div class="scroll"><table class="steps"><thead>{head}</thead><tbody>{"".join(rows)}</tbody>'
                 f'</table></div>')
    for number, child in enumerate(trace.get("children", [])):
        target = f"{identifier}-c{number}"
        parts.append(f'<details class="subtrace" id="{target}-box"><summary>{_link_heading(child)}</summary>'
                     f'{_trace_block(child["trace"], target, state_numbers, headed=False)}</details>')
    parts.append('</div>')
    return "\n".join(parts)


def _step_row(step: Mapping[str, Any], columns: list[tuple[str, list[str]]], identifier: str,
              loop_start: int | None, links_by_step: Mapping[int, list[str]], state_numbers: Mapping[str, int],
              with_links: bool) -> str:
    index = int(step["index"])
    changed = set(step.get("changed") or [])
    cells = []
    for agent, names in columns:
        values = step["state"].get(agent, {})
        for name in names:
            is_changed = f"{agent}.{name}" in changed
            title = f' title="{_text(agent)}.{_text(name)} changed"' if is_changed else ""
            cells.append(f'<td class="value {"changed" if is_changed else "same"}"{title}>'
                         f'{_text(value_text(values.get(name)))}</td>')
    if not columns:
        cells.append('<td class="value same">(no variables)</td>')
    props = step.get("props") or []
    props_cell = (" ".join(f'<span class="prop">{_text(name)}</span>' for name in props)
                  or '<span class="muted">(none)</span>')
    action = step.get("action")
    action_cell = (" ".join(f'<span class="act"><span class="who">{_text(agent)}.</span>{_text(name)}</span>'
                           for agent, name in action.items()) if action else '<span class="muted">—</span>')
    marker = ' <span class="loop-mark" title="the loop starts here">↻</span>' if index == loop_start else ""
    graph_state = state_numbers.get(_state_key(step["state"]))
    graph_link = (f' <a class="graph-state" href="#state-{graph_state}" title="this state in the state graph">'
                  f's{graph_state}</a>' if graph_state is not None else "")
    row_class = "step loop-start" if index == loop_start else "step"
    links = ""
    if with_links:
        links = f'<td class="links">{" ".join(links_by_step.get(index, []))}</td>'
    return (f'<tr class="{row_class}" id="{identifier}-s{index}"><td class="step-no">{index}{marker}{graph_link}</td>'
            f'{"".join(cells)}<td class="props">{props_cell}</td><td class="action">{action_cell}</td>{links}</tr>')


def _back_row(last: Mapping[str, Mapping[str, Any]], target: Mapping[str, Mapping[str, Any]], loop_start: int,
              width: int) -> str:
    changes = [f"{agent}.{name}={value_text(value)}" for agent, values in target.items()
               for name, value in values.items() if last.get(agent, {}).get(name) != value]
    changing = f", changing {', '.join(changes)}" if changes else ""
    return (f'<tr class="back"><td colspan="{width}">↻ back to step {loop_start}{_text(changing)}'
            f'</td></tr>')


def _link_label(child: Mapping[str, Any]) -> str:
    relation = child.get("relation")
    if relation == "justifies":
        return f'{_text(child["trace"]["kind"])} for <code>{_one_line(child["trace"]["formula"])}</code>'
    agents = ", ".join(child.get("agents") or [])
    return {"indistinguishable": f"~{_text(agents)}", "correct": f"green {_text(agents)}",
            "commitment": f"commitment {_text(agents)}", "fulfilment": f"fulfilment {_text(agents)}"}.get(
        str(relation), _text(relation))


def _trace_title(trace: Mapping[str, Any]) -> str:
    """`COUNTEREXAMPLE for φ`, or for a plain run its description (`a run to …`: words, not a formula)."""
    kind = str(trace.get("kind"))
    badge = f'<span class="kind {_css_word(kind)}">{_text(kind)}</span>'
    if kind == "path":  # only ever a link's run: "… from the end of a run to a state Sender cannot tell apart"
        return f'<span class="description">{_one_line(trace["formula"])}</span>'
    return f'{badge} for <code>{_one_line(trace["formula"])}</code>'


def _link_heading(child: Mapping[str, Any]) -> str:
    """The summary line of a sub-trace: which step it explains and how, as the text report words it."""
    step = int(child["step"])
    agents = [str(agent) for agent in child.get("agents") or []]
    trace = child["trace"]
    relation = child.get("relation")
    what = _trace_title(trace)
    if relation == "indistinguishable":
        how = f"{_text(', '.join(agents))} cannot tell it apart from the end of"
    elif relation == "correct" and agents:
        how = f"{_text(agents[0])} is correct (green) at the end of"
    elif relation == "commitment" and len(agents) == 2:
        how = f"a ~{_text(agents[0])}→{_text(agents[1])}-successor of it is the end of"
    elif relation == "fulfilment" and len(agents) == 2:
        how = f"it is a ~{_text(agents[0])}→{_text(agents[1])}-successor of the end of"
    else:
        return f'<span class="step-ref">step {step}</span> is justified by {what}'
    return f'<span class="step-ref">step {step}</span>: {how} {what}'


# ---------------------------------------------------------------- strategies


def _strategy_block(strategy: Mapping[str, Any]) -> str:
    coalition = ", ".join(strategy.get("coalition") or []) or "nobody"
    others = ", ".join(strategy.get("opponents") or []) or "nobody"
    count = int(strategy.get("states") or 0)
    status = "replayed" if strategy.get("replayed") else (strategy.get("note") or "not replayed")
    kind = str(strategy.get("kind"))
    if kind == "strategy":
        what = f"the moves of {_text(coalition)}"
    else:
        what = f"the others ({_text(others)}) answer each action of {_text(coalition)}"
    parts = ['<div class="strategy">',
             f'<p class="trace-head"><span class="kind {_css_word(kind)}">{_text(kind)}</span> for '
             f'<code>{_one_line(strategy.get("formula", ""))}</code>: {what} '
             f'({count} state{"s" if count != 1 else ""}, {_text(status)})</p>']
    if strategy.get("scope"):
        parts.append(f'<p class="note">uniform: a function of each member\'s local state, winning from '
                     f'{_text(strategy["scope"])}</p>')
    table = strategy.get("table")
    if table is None:
        nodes = strategy.get("bdd_nodes")
        size = f": a BDD of {int(nodes)} nodes" if nodes is not None else ""
        parts.append(f'<p class="note">no table: too many states{size}</p>')
    elif not table:
        parts.append('<p class="note">no move needed: the initial states decide it</p>')
    else:
        parts.append(_strategy_table(str(strategy.get("table_form")), table))
    parts.append('</div>')
    return "\n".join(parts)


def _strategy_table(form: str, table: Sequence[Mapping[str, Any]]) -> str:
    if form == "local":
        head = "<tr><th>agent</th><th>local state</th><th>action</th></tr>"
        rows = [f'<tr><td>{_text(row["agent"])}</td><td>{_assignments(row["local"])}</td>'
                f'<td class="action"><span class="act">{_text(row["action"])}</span></td></tr>' for row in table]
    elif form == "global":
        head = "<tr><th>state</th><th>joint action of the coalition</th></tr>"
        rows = [f'<tr><td>{_state(row["state"])}</td><td class="action">{_actions(row["action"])}</td></tr>'
                for row in table]
    else:
        head = "<tr><th>state</th><th>coalition's action</th><th>the others' answer</th></tr>"
        rows = []
        for row in table:
            if row.get("coalition_action") is None:
                rows.append(f'<tr><td>{_state(row["state"])}</td><td colspan="2" class="muted">no move: a deadlock'
                            f'</td></tr>')
            else:
                rows.append(f'<tr><td>{_state(row["state"])}</td>'
                            f'<td class="action">{_actions(row["coalition_action"]) or "(no choice)"}</td>'
                            f'<td class="action">{_actions(row["response"]) or "(no choice)"}</td></tr>')
    return (f'<div class="scroll"><table class="strategy-table"><thead>{head}</thead>'
            f'<tbody>{"".join(rows)}</tbody></table></div>')


# ---------------------------------------------------------------- the state graph


def _graph_section(graph: GraphSection) -> str:
    parts = ['<section id="state-graph"><h2>State graph</h2>', f'<p class="note">{_text(graph.note)}</p>']
    if graph.svg is not None:
        parts.append('<p class="controls"><button type="button" id="fit-graph">Show the picture at full size</button>'
                     '</p>')
        parts.append(f'<div class="graph-picture fit" id="graph-picture">{graph.svg}</div>')
    if graph.states:
        rows = []
        for state in graph.states:
            number = int(state["index"])
            marks = [word for word, flag in (("initial", state.get("initial")), ("deadlock", state.get("deadlock")))
                     if flag]
            successors = "".join(
                f'<div><a href="#state-{int(edge["target"])}">s{int(edge["target"])}</a>'
                + (f' <span class="muted">by</span> {"; ".join(_text(action) for action in edge["actions"])}'
                   if any(edge["actions"]) else "") + '</div>'
                for edge in state.get("successors", []))
            props = " ".join(f'<span class="prop">{_text(name)}</span>' for name in state.get("props") or [])
            rows.append(f'<tr id="state-{number}"><td class="step-no">s{number}</td>'
                        f'<td>{" ".join(_text(mark) for mark in marks)}</td><td>{_state(state["state"])}</td>'
                        f'<td class="props">{props or "<span class=muted>(none)</span>"}</td>'
                        f'<td class="successors">{successors or "<span class=muted>none</span>"}</td></tr>')
        parts.append('<details class="states"><summary>every reachable state and its successors '
                     f'({len(graph.states)})</summary><div class="scroll"><table class="state-table"><thead><tr>'
                     '<th>state</th><th></th><th>values</th><th>props</th><th>successors</th></tr></thead>'
                     f'<tbody>{"".join(rows)}</tbody></table></div></details>')
    parts.append('</section>')
    return "\n".join(parts)


def _state_numbers(graph: GraphSection | None) -> dict[str, int]:
    """Each state of the graph by its values, so a trace step can name the graph's state it is."""
    if graph is None:
        return {}
    return {_state_key(state["state"]): int(state["index"]) for state in graph.states}


def _state_key(state: Mapping[str, Any]) -> str:
    return json.dumps(state, sort_keys=True)


# ---------------------------------------------------------------- the batch index


def batch_index_page(document: Mapping[str, Any], pages: Mapping[str, str], summary: str) -> str:
    """The index of a batch run (`document`: `BatchReport.to_json()`), linking each job's page in `pages`."""
    rows = []
    problems = []
    for job in document.get("jobs", []):
        name = str(job["name"])
        page = pages.get(name)
        link = f'<a href="{escape(page, quote=True)}">{_text(name)}</a>' if page is not None else _text(name)
        verdicts = "".join(_letter(row["verdict"]) for row in job["formulas"] if row["index"] is not None)
        expected = "".join("-" if row["expected"] is None else _letter(row["expected"])
                           for row in job["formulas"] if row["index"] is not None)
        seconds = job.get("seconds")
        rows.append(f'<tr class="{_css_word(job["status"])}"><td>{link}</td><td><code>{_text(job["source"])}</code></td>'
                    f'<td class="num">{_number(job.get("reachable_states"))}</td>'
                    f'<td class="letters">{verdicts}</td><td class="letters">{expected}</td>'
                    f'<td class="num">{"" if seconds is None else _seconds(seconds)}</td>'
                    f'<td><span class="badge {_STATUS_CLASS.get(job["status"], "error")}">'
                    f'{_text(_STATUS_WORD.get(job["status"], job["status"]))}</span></td></tr>')
        if job.get("error"):
            problems.append(f"<li>{_text(name)}: error: <code>{_text(job['error'])}</code></li>")
        for row in job["formulas"]:
            if row["status"] in ("fail", "error"):
                place = f"{name} #{row['index']}" if row["index"] is not None else name
                why = row.get("error") or (f"expected {_VERDICT_WORD[row['expected']]}, got "
                                           f"{_VERDICT_WORD[row['verdict']]}")
                problems.append(f"<li>{_text(place)}: {_text(why)}: <code>{_one_line(row['text'])}</code></li>")
    head = ("<tr><th>job</th><th>source</th><th>states</th><th>verdicts</th><th>expected</th><th>time</th>"
            "<th>result</th></tr>")
    body = [
        '<header>',
        f'<h1>ctlstark batch: <span class="model-name">{_text(document.get("suite"))}</span></h1>',
        f'<p class="counts">{_text(summary)}</p>',
        '</header>',
        f'<section id="jobs"><h2>Jobs</h2><div class="scroll"><table class="verdicts"><thead>{head}</thead>'
        f'<tbody>{"".join(rows)}</tbody></table></div>',
        '<p class="muted">verdicts and expectations, one letter per formula: <span class="letter true">T</span> '
        'TRUE, <span class="letter false">F</span> FALSE, <span class="letter error">?</span> not checked, '
        '- no expectation</p></section>',
    ]
    if problems:
        body.append(f'<section id="problems"><h2>Mismatches and errors</h2><ul>{"".join(problems)}</ul></section>')
    return _page(f"ctlstark batch: {document.get('suite')}", "\n".join(body), _footer(document.get("ctlstark_version")))


_STATUS_CLASS = {"pass": "true", "fail": "false", "error": "error"}
_STATUS_WORD = {"pass": "ok", "fail": "FAIL", "error": "ERROR"}


def _letter(verdict: bool | None) -> str:
    return f'<span class="letter {_VERDICT_CLASS[verdict]}">{"T" if verdict else "F" if verdict is False else "?"}</span>'


# ---------------------------------------------------------------- pieces


def _page(title: str, body: str, footer: str) -> str:
    return (f'<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
            f'<meta name="viewport" content="width=device-width, initial-scale=1">\n'
            f'<meta name="generator" content="ctlstark">\n<title>{_text(title)}</title>\n'
            f'<style>{_CSS}</style>\n</head>\n<body>\n<main>\n{body}\n</main>\n{footer}\n'
            f'<script>{_SCRIPT}</script>\n</body>\n</html>\n')


def _footer(version: object) -> str:
    return (f'<footer>Written by ctlstark {_text(version)} · one self-contained page: no external files, '
            f'no network · docs/report.md</footer>')


def _verdict_badge(verdict: bool | None) -> str:
    return f'<span class="badge {_VERDICT_CLASS[verdict]}">{_VERDICT_WORD[verdict]}</span>'


def _assignments(values: Mapping[str, Any]) -> str:
    return " ".join(f'<span class="assign">{_text(name)}=<b>{_text(value_text(value))}</b></span>'
                    for name, value in values.items())


def _state(state: Mapping[str, Mapping[str, Any]]) -> str:
    return " ".join(f'<span class="agent-state"><span class="who">{_text(agent)}</span>[{_assignments(values)}]</span>'
                    for agent, values in state.items()) or '<span class="muted">(no variables)</span>'


def _actions(actions: Mapping[str, Any] | None) -> str:
    if not actions:
        return ""
    return " ".join(f'<span class="act"><span class="who">{_text(agent)}.</span>{_text(name)}</span>'
                   for agent, name in actions.items())


def _seconds(seconds: float) -> str:
    """A duration as people read it: `0.42 ms`, `12.3 ms`, `1.25 s`."""
    if seconds < 0.01:
        return f"{seconds * 1000:.2f} ms"
    if seconds < 1:
        return f"{seconds * 1000:.1f} ms"
    return f"{seconds:.2f} s"


def _number(value: object) -> str:
    if value is None:
        return "—"
    if isinstance(value, int) and not isinstance(value, bool):
        return f"{value:,}" if value < 10**15 else f"{value:.3e}"
    return _text(value)


def _one_line(text: object) -> str:
    return _text(" ".join(str(text).split()))


def _css_word(word: object) -> str:
    """A word usable as a CSS class: letters, digits and hyphens only."""
    return "".join(character if character.isalnum() else "-" for character in str(word) if character.isascii())


def _text(value: object) -> str:
    """`value` as HTML text: every `<`, `>`, `&` and quote escaped."""
    return escape("" if value is None else str(value), quote=True)


_CSS = """
:root { --true: #17693a; --true-bg: #e3f4e8; --false: #a4221a; --false-bg: #fbe5e2; --error: #7a5a00;
  --error-bg: #fbf0cf; --ink: #1d2430; --muted: #69707d; --line: #d9dde3; --head: #f2f4f7; --prop: #1f4e9a;
  --prop-bg: #e6eefb; --changed: #a4221a; --changed-bg: #fde3df; --accent: #3451b2; }
* { box-sizing: border-box; }
body { margin: 0; color: var(--ink); background: #fff; font: 15px/1.45 system-ui, -apple-system, "Segoe UI",
  Roboto, "Helvetica Neue", Arial, sans-serif; }
main { max-width: 1200px; margin: 0 auto; padding: 1.2rem 1.5rem 2rem; }
code, .value, .act, .prop, .assign, .route { font-family: ui-monospace, "SFMono-Regular", Menlo, Consolas,
  "DejaVu Sans Mono", monospace; font-size: 0.88em; }
h1 { font-size: 1.5rem; margin: 0 0 0.3rem; }
h2 { font-size: 1.15rem; margin: 0 0 0.4rem; display: flex; flex-wrap: wrap; gap: 0.5rem; align-items: baseline; }
h3 { font-size: 0.95rem; margin: 0.6rem 0 0.2rem; }
a { color: var(--accent); }
header { border-bottom: 2px solid var(--line); padding-bottom: 0.8rem; margin-bottom: 1rem; }
.file { margin: 0 0 0.4rem; color: var(--muted); }
.counts { margin: 0.3rem 0; }
dl.figures { display: flex; flex-wrap: wrap; gap: 0.2rem 1.6rem; margin: 0.4rem 0; font-size: 0.9em; }
dl.figures dt { color: var(--muted); } dl.figures dd { margin: 0 0 0 0.35rem; font-weight: 600; }
dl.figures dt::after { content: ":"; }
dl.figures dt, dl.figures dd { display: inline; }
.badge { display: inline-block; padding: 0.05rem 0.5rem; border-radius: 0.8rem; font-weight: 700; font-size: 0.85em;
  letter-spacing: 0.02em; white-space: nowrap; }
.badge.true { color: var(--true); background: var(--true-bg); border: 1px solid #9fd3b0; }
.badge.false { color: var(--false); background: var(--false-bg); border: 1px solid #efaaa1; }
.badge.error { color: var(--error); background: var(--error-bg); border: 1px solid #e5cf85; }
.letter { font-family: ui-monospace, Menlo, Consolas, monospace; font-weight: 700; }
.letter.true { color: var(--true); } .letter.false { color: var(--false); } .letter.error { color: var(--error); }
.letters { font-family: ui-monospace, Menlo, Consolas, monospace; letter-spacing: 0.05em; }
.muted, .note { color: var(--muted); }
.note { margin: 0.4rem 0; font-style: italic; }
.problem { color: var(--false); font-weight: 600; }
button { font: inherit; font-size: 0.85em; padding: 0.2rem 0.7rem; border: 1px solid var(--line); border-radius: 4px;
  background: var(--head); cursor: pointer; }
button:hover { background: #e5e9f0; }
section { margin: 0 0 1.4rem; }
section.formula { border: 1px solid var(--line); border-radius: 6px; padding: 0.8rem 1rem; }
section.formula .index { color: var(--muted); font-weight: 400; }
.formula-text { font-size: 0.95em; font-weight: 600; word-break: break-word; }
.meta { margin: 0 0 0.4rem; color: var(--muted); font-size: 0.88em; }
.scroll { overflow-x: auto; max-width: 100%; }
table { border-collapse: collapse; margin: 0.3rem 0 0.5rem; font-size: 0.9em; }
th, td { border: 1px solid var(--line); padding: 0.2rem 0.5rem; text-align: left; vertical-align: top; }
th { background: var(--head); font-weight: 600; }
td.num { text-align: right; white-space: nowrap; }
table.verdicts td { vertical-align: middle; }
table.verdicts .formula-link { text-decoration: none; color: var(--ink); }
table.verdicts .formula-link:hover { text-decoration: underline; }
details.routes > summary { color: var(--muted); font-size: 0.88em; cursor: pointer; }
table.routes { font-size: 0.85em; }
.trace { margin: 0.5rem 0 0.2rem; }
.trace-head { margin: 0.3rem 0; }
.kind { font-weight: 700; text-transform: uppercase; font-size: 0.75em; letter-spacing: 0.05em; padding: 0.05rem 0.4rem;
  border-radius: 3px; background: var(--head); border: 1px solid var(--line); }
.kind.counterexample, .kind.counter-strategy { color: var(--false); background: var(--false-bg); border-color: #efaaa1; }
.kind.witness, .kind.strategy { color: var(--true); background: var(--true-bg); border-color: #9fd3b0; }
.kind.path { color: var(--accent); background: #eceffc; border-color: #c3ccef; }
.lasso { color: var(--muted); font-size: 0.88em; margin-left: 0.3rem; }
table.steps th { white-space: nowrap; }
table.steps th.agent { text-align: center; background: #e8ebf1; }
table.steps th.var { font-family: ui-monospace, Menlo, Consolas, monospace; font-weight: 500; font-size: 0.85em; }
table.steps td.step-no { font-weight: 700; text-align: right; white-space: nowrap; }
td.value { white-space: nowrap; }
td.value.same { color: #8a909b; }
td.value.changed { color: var(--changed); background: var(--changed-bg); font-weight: 700; }
tr.loop-start td.step-no { box-shadow: inset 3px 0 0 var(--accent); }
.loop-mark { color: var(--accent); font-weight: 700; }
tr.back td { color: var(--accent); font-style: italic; background: #f7f8fb; }
.prop { display: inline-block; color: var(--prop); background: var(--prop-bg); border-radius: 3px; padding: 0 0.3rem;
  margin: 0.05rem 0.2rem 0.05rem 0; white-space: nowrap; }
td.props { min-width: 6rem; }
.act { display: inline-block; white-space: nowrap; margin-right: 0.3rem; }
.who { color: var(--muted); }
.graph-state { font-weight: 400; font-size: 0.8em; margin-left: 0.2rem; }
td.links a { display: block; white-space: nowrap; font-size: 0.88em; max-width: 26rem; overflow: hidden;
  text-overflow: ellipsis; }
details.subtrace { margin: 0.4rem 0 0.4rem 0.6rem; border-left: 3px solid #c3ccef; padding: 0.1rem 0 0.1rem 0.8rem; }
details.subtrace > summary { cursor: pointer; padding: 0.15rem 0; }
details.subtrace > summary:hover { background: #f4f6fb; }
details.subtrace[open] > summary { font-weight: 600; }
.step-ref { font-weight: 600; }
.flash { animation: flash 1.4s ease-out; }
@keyframes flash { from { background: #fff3b0; } to { background: transparent; } }
.strategy { margin: 0.5rem 0; }
.assign { white-space: nowrap; }
.agent-state { margin-right: 0.6rem; white-space: nowrap; font-family: ui-monospace, Menlo, Consolas, monospace;
  font-size: 0.88em; }
.agent-state .assign { font-size: 1em; }
.graph-picture { overflow: auto; max-height: 85vh; border: 1px solid var(--line); border-radius: 6px; padding: 0.5rem;
  margin: 0.4rem 0; background: #fff; }
.graph-picture.fit svg { max-width: 100%; height: auto; }
details.states > summary { cursor: pointer; color: var(--muted); }
td.successors div { white-space: nowrap; font-family: ui-monospace, Menlo, Consolas, monospace; font-size: 0.85em; }
.warnings, .lint { color: var(--error); font-size: 0.9em; }
.warnings ul, .lint ul { margin: 0.2rem 0; padding-left: 1.2rem; }
footer { max-width: 1200px; margin: 0 auto; padding: 0.6rem 1.5rem 1.5rem; color: var(--muted); font-size: 0.8em;
  border-top: 1px solid var(--line); }
@media print { .controls { display: none; } .graph-picture { max-height: none; } }
"""

_SCRIPT = """
(function () {
  "use strict";
  function openAround(element) {
    for (var node = element; node; node = node.parentElement) {
      if (node.tagName === "DETAILS") { node.open = true; }
    }
  }
  function target(id) {
    return document.getElementById(id + "-box") || document.getElementById(id);
  }
  function reveal(id) {
    var element = target(id);
    if (!element) { return; }
    openAround(element);
    element.scrollIntoView({block: "start"});
    element.classList.add("flash");
    window.setTimeout(function () { element.classList.remove("flash"); }, 1500);
  }
  document.addEventListener("click", function (event) {
    var link = event.target.closest ? event.target.closest("a[href^='#']") : null;
    if (!link) { return; }
    var id = decodeURIComponent(link.getAttribute("href").slice(1));
    if (!target(id)) { return; }
    event.preventDefault();
    reveal(id);
    if (window.history && window.history.replaceState) { window.history.replaceState(null, "", "#" + id); }
  });
  function setAll(open) {
    var boxes = document.querySelectorAll("details.subtrace");
    for (var i = 0; i < boxes.length; i++) { boxes[i].open = open; }
  }
  var expand = document.getElementById("expand-all");
  var collapse = document.getElementById("collapse-all");
  if (expand) { expand.addEventListener("click", function () { setAll(true); }); }
  if (collapse) { collapse.addEventListener("click", function () { setAll(false); }); }
  var fit = document.getElementById("fit-graph");
  var picture = document.getElementById("graph-picture");
  if (fit && picture) {
    fit.addEventListener("click", function () {
      var fitted = picture.classList.toggle("fit");
      fit.textContent = fitted ? "Show the picture at full size" : "Fit the picture to the page";
    });
  }
  if (window.location.hash) { reveal(decodeURIComponent(window.location.hash.slice(1))); }
})();
"""
