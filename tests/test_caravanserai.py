"""Caravanserai rules (shared/rules/caravanserai.md): its test vectors, invariants (§12) and every
Ruling of the spec and of the engine's module doc, one test per rule sentence."""

from __future__ import annotations

import dataclasses
import json
import random
import re
from dataclasses import dataclass
from itertools import pairwise

import pytest

from caravan_tui.engine import VIEW_HEADER, IllegalAction, normalise_action
from caravan_tui.games.caravanserai import GAME
from caravan_tui.games.caravanserai.ai import prior
from caravan_tui.games.caravanserai.geometry import (
    CELL_ID,
    LAYOUT_LISTS,
    LAYOUTS,
    NEIGHBOURS,
    QR,
    STEP,
    board_for,
    caravanserai_cells,
    cell_name,
    centre,
    tile_cells,
)
from caravan_tui.games.caravanserai.heuristic import PER_CELL, REGION, projected, reach, values
from caravan_tui.games.caravanserai.rules import (
    BOARD,
    CAMEL,
    COMPLETING,
    FINAL,
    LYING,
    MAX_ROUNDS,
    NORMAL,
    OVER,
    PLACE,
    STAND,
    START,
    CaravanseraiState,
    title,
)
from caravan_tui.games.caravanserai.setup import ALL_TILES, deal

W, K, P, R, Y = range(5)
LETTER = "WKPRYCL"
CAMEL_A, LYING_A = ("camel",), ("lying",)


# -- helpers --------------------------------------------------------------------------------------


def new(players, seed=0, variant="basic"):
    return GAME.new(players, seed=seed, options={"variant": variant})


def position(
    players=2,
    *,
    seed=0,
    variant="basic",
    caravans,
    reserves=None,
    market=None,
    board_goods=(),
    turn=0,
    phase="normal",
    round=3,
    stage="place",
    trigger=None,
):
    """A hand-made position on the board dealt by ``seed``: ``caravans`` per seat as lists of
    ``(cell, kind letter)`` tail first; a placement about to begin for ``turn``."""
    data = new(players, seed, variant).to_data()
    if reserves is None:
        reserves = [[3, 3, 3, 3, 3, 8 - sum(k in "CL" for _, k in c)] for c in caravans]
    data.update(
        caravans=[[[*QR[cell], k] for cell, k in c] for c in caravans],
        board_goods=[[*QR[cell], colour] for cell, colour in board_goods],
        market=list(market if market is not None else [5] * 5),
        reserves=[list(r) for r in reserves],
        turn=turn,
        phase=phase,
        round=round,
        stage=stage,
        placement=None,
        trigger=trigger,
    )
    return CaravanseraiState.from_data(data)


def play(state, *choices):
    """Apply each choice that is legal; choices the engine made itself (forced) are skipped, so
    callers check the result (the laid pieces) rather than the steps."""
    events = []
    for action in choices:
        if action in state.legal_actions():
            events += state.apply(action)
    return events


def end_with_camel(state):
    """Finish the placement in progress with its final camel (turning first where needed)."""
    seat, events = state.turn, []
    while state.turn == seat and state.stage in (PLACE, BOARD):
        legal = state.legal_actions()
        events += state.apply(CAMEL_A if CAMEL_A in legal else legal[0])
    return events


def text(events):
    return " | ".join(e.render(["Ann", "Bob", "Cem", "Dee", "Eve", "Fay"]) for e in events)


def run_turn(state, *, camel_first=True, rng=None):
    """Finish the turn of the seat to move with 'just a camel' (or at random)."""
    seat, turns = state.turn, state.turns
    while not state.is_over() and state.turn == seat and state.turns == turns:
        legal = state.legal_actions()
        if rng is not None:
            state.apply(rng.choice(legal))
        elif CAMEL_A in legal:
            state.apply(CAMEL_A)
        else:
            state.apply(legal[0])


def far_cells(state, avoid, count):
    """``count`` on-board cells at distance > 2 from every cell of ``avoid``, and from each other."""
    picked = []
    for cell in state.board.layout.cells:
        near = list(avoid) + picked
        if all(_dist(cell, a) > 2 for a in near):
            picked.append(cell)
            if len(picked) == count:
                return picked
    raise AssertionError("no far cells")


def _dist(a, b):
    (q1, r1), (q2, r2) = QR[a], QR[b]
    dq, dr = q1 - q2, r1 - r2
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def on_board_neighbour(state, x, *, plain=True):
    """An on-board neighbour h of x (not a Caravanserai cell when ``plain``) and the direction
    from h to x."""
    cs, onboard = state.board.cs, state.board.layout.onboard
    for d in range(6):
        h = x - STEP[d]
        if onboard[h] and (not plain or cs[h] < 0):
            return h, d
    raise AssertionError("no neighbour")


# -- invariants (§12) -----------------------------------------------------------------------------


def check_invariants(state, g):
    n = state.n
    laid = list(state.laid) if state.stage in (PLACE, BOARD) else []
    onboard = state.board.layout.onboard
    # 1. goods are conserved per colour
    for c in range(5):
        total = state.market[c] + sum(1 for v in state.bgoods.values() if v == c)
        total += sum(r[c] for r in state.res)
        total += sum(1 for car in state.caravans for _, k in car if k == c) + sum(1 for _, k in laid if k == c)
        assert total == g + 3 * n
    # 2. camels are conserved per seat (once its start camel stands)
    for p in range(n):
        if state.caravans[p]:
            mine = laid if p == state.turn else []
            assert state.res[p][5] + sum(1 for _, k in list(state.caravans[p]) + mine if k >= CAMEL) == 8
    # 3. one item per cell, all on the board
    cells = [cell for car in state.caravans for cell, _ in car] + [cell for cell, _ in laid]
    assert len(cells) == len(set(cells))
    assert all(onboard[c] for c in cells) and all(onboard[c] for c in state.bgoods)
    assert not set(cells) & set(state.bgoods)
    assert all(state.blocked[c] for c in cells)
    assert sum(state.blocked[c] for c in state.board.layout.cells) == len(cells)
    # 4. caravans are chains ending in a normal camel
    for car in state.caravans:
        if not car:
            continue
        assert car[-1][1] == CAMEL
        for (a, _), (b, _) in pairwise(car):
            assert b in NEIGHBOURS[a]
    # 5. board goods stand on Caravanserai cells of their colour
    assert all(state.board.cs[cell] == colour for cell, colour in state.bgoods.items())
    # 6. no count is negative
    assert min(state.market) >= 0 and all(min(r) >= 0 for r in state.res)


def blocks_of(kinds):
    """The blocks of a placement's pieces: maximal one-colour runs of goods, a lying camel alone."""
    blocks = []
    for k in kinds:
        if k < CAMEL and blocks and blocks[-1][0] == k:
            blocks[-1][1] += 1
        elif k != CAMEL:
            blocks.append([k, 1])
    return blocks


def check_finished_placement(state, last, expert, solo, length_before):
    """Invariants 7, 8, 9 for the placement ``last`` (the state right after it)."""
    seat, head, laid, o, placed, count, taken, camels, stood, declined = last
    cs = state.board.cs
    kinds = [k for _, k in laid]
    cells = [head] + [c for c, _ in laid]
    # 7. straight lines, turning only after a Caravanserai cell or a lying camel
    dirs = [STEP.index(b - a) for a, b in pairwise(cells)]
    for i in range(1, len(dirs)):
        previous_cell, previous_kind = laid[i - 1]
        if dirs[i] != dirs[i - 1]:
            assert cs[previous_cell] >= 0 or previous_kind == LYING
    # 7. block sizes j + o, colours change, one lying camel at most (expert), a final normal camel
    assert kinds[-1] == CAMEL and kinds.count(CAMEL) == 1
    assert kinds.count(LYING) <= (1 if expert else 0)
    blocks = blocks_of(kinds[:-1])
    assert o in ((0,) if expert else (0, 1))
    goods_blocks = []
    for j, (k, size) in enumerate(blocks, 1):
        if k != LYING:
            assert size == j + o
            goods_blocks.append(j)
    for (k1, _), (k2, _) in pairwise(blocks):
        assert k1 == LYING or k2 == LYING or k1 != k2
    # §6: the count recomputed from the cells
    omitted = 0
    at = 0
    for j, (k, size) in enumerate(blocks, 1):
        under = [cs[c] for c, _ in laid[at : at + size] if cs[c] >= 0]
        if k != LYING and under and all(u == k for u in under) and j not in declined:
            omitted += size
        at += size
    # 8. 1 <= count <= placed; taken = min(count, L - 1); the new length
    assert placed == len(laid)
    assert count == placed - omitted
    assert 1 <= count <= placed
    big = length_before + placed
    assert taken == min(count, big - 1)
    assert len(state.caravans[seat]) == big - taken
    # 9. goods stood <= camels taken back x (2 in solo, else 1)
    assert stood <= camels * (2 if solo else 1)


def raw_moves(state):
    """Every micro-action the rules allow now, without the dead-end pruning of §11.4."""
    res = state.res[state.turn]
    if state.stage == BOARD:
        return [("use",)] + ([("decline",)] if res[state.bcol] else [])
    x = state.target
    if x < 0:
        return [("dir", d) for d in range(6) if not state.blocked[state.pos + STEP[d]]]
    if state.blocked[x]:
        return []  # stuck
    if state.bleft:
        c = state.bcol
        return [("good", c, state.bsize)] if res[c] or state.bgoods.get(x) == c else []
    moves = []
    sizes = (1, 2) if state.o < 0 else (state.j + state.o,)
    for s in sizes:
        for c in range(5):
            if c != state.prevcol and (res[c] or state.bgoods.get(x) == c):
                moves.append(("good", c, s))
    if state.expert and not state.lying and res[5] >= 2:
        moves.append(LYING_A)
    if res[5] >= 1:
        moves.append(CAMEL_A)
    return moves


def completable(state, seat):
    """Brute force: some sequence of raw moves finishes the placement."""
    if state.turn != seat or state.stage not in (PLACE, BOARD) or state.is_over():
        return True
    for move in raw_moves(state):
        child = state.clone()
        child._do(move, seat, None)
        if completable(child, seat):
            return True
    return False


def random_game(players, seed, variant, *, prune_check=False, log_check=True):
    state = new(players, seed, variant)
    g = 7 if variant == "expert" else 6
    rng = random.Random(seed)
    expert, solo = variant == "expert", players == 1
    trigger_seen = None
    checked = 0
    while not state.is_over():
        legal = state.legal_actions()
        assert legal
        assert state.stage in (START, PLACE, BOARD, STAND)
        assert len(legal) > 1 or state.stage == START  # forced steps are never asked
        if state.stage == PLACE and not state.laid and state.target < 0:
            assert state.can_place(state.turn)  # a seat plays iff §8.1 holds
        if prune_check and state.stage in (PLACE, BOARD) and checked < 400:
            seat = state.turn
            offered = set(legal)
            for move in raw_moves(state):
                child = state.clone()
                child._do(move, seat, None)
                assert (move in offered) == completable(child, seat), move
                checked += 1
            assert offered <= set(raw_moves(state))
        action = rng.choice(legal)
        before = state.clone()
        lengths_before = [len(c) for c in state.caravans]
        last_before = state.last
        events = state.apply(action)
        assert all(e.text for e in events)
        if log_check:
            quiet = before.clone()
            assert quiet.apply(action, log=False) == []
            assert quiet.to_data() == state.to_data()
        check_invariants(state, g)
        if state.last is not None and (last_before is None or state.last[:8] != last_before[:8]):
            seat = state.last[0]
            check_finished_placement(state, state.last, expert, solo, lengths_before[seat])
        if trigger_seen is None and state.trigger is not None:
            trigger_seen = state.trigger
        if state.trigger is not None:
            assert state.phase >= COMPLETING  # the trigger never resets
    if trigger_seen is not None and state.end == "the final round is over":
        t, turn_index = trigger_seen
        assert state.turns - turn_index == (players - 1 - t) + players
    assert state.legal_actions() == [] and state.to_move() is None
    return state


# -- §2 geometry ----------------------------------------------------------------------------------


def test_the_tile_at_1_0_has_centre_2_1_and_ring_cells_in_direction_order():
    assert centre(1, 0) == (2, 1)
    assert tile_cells(1, 0)[1:] == ((3, 1), (3, 0), (2, 0), (1, 1), (1, 2), (2, 2))
    assert caravanserai_cells(1, 0, 2) == ((2, 1), (2, 0))


@pytest.mark.parametrize(
    "tiles,cells,classes,outer_cs",
    [(19, 133, (1, 6, 12), 24), (24, 168, (2, 8, 14), 28), (27, 189, (3, 9, 15), 30), (30, 210, (4, 10, 16), 32)],
)
def test_each_layout_has_its_cells_classes_and_outer_caravanserai_cells(tiles, cells, classes, outer_cs):
    layout = LAYOUTS[tiles]
    all_cells = [c for P, Q in layout.positions for c in tile_cells(P, Q)]
    assert len(all_cells) == len(set(all_cells)) == cells == len(layout.cells)  # distinct: no overlap
    assert tuple(len(group) for group in LAYOUT_LISTS[tiles]) == classes
    # the check rule of §2.5: O = fewer than 6 neighbours in the layout, I = the same among the rest
    positions = set(layout.positions)
    step = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))

    def inner(among):
        return {p for p in among if all((p[0] + a, p[1] + b) in among for a, b in step)}

    rest = inner(positions)
    central = inner(rest)
    assert set(LAYOUT_LISTS[tiles][2]) == positions - rest
    assert set(LAYOUT_LISTS[tiles][1]) == rest - central
    assert set(LAYOUT_LISTS[tiles][0]) == central
    # all covered: no off-board hole inside the board (every off-board cell joins the outside)
    onboard = layout.onboard
    grid = range(len(onboard))
    frontier = [c for c in grid if NEIGHBOURS[c] and not onboard[c] and any(not NEIGHBOURS[y] for y in NEIGHBOURS[c])]
    outside = set(frontier)
    while frontier:
        frontier = [y for c in frontier for y in NEIGHBOURS[c] if not onboard[y] and y not in outside]
        outside.update(frontier)
        frontier = list(dict.fromkeys(frontier))
    assert all(onboard[c] or c in outside for c in grid if NEIGHBOURS[c])
    dealt = board_for(tiles, tuple(sorted(ALL_TILES))[:tiles])
    assert len(dealt.outer_cs) == outer_cs


def test_tiles_placed_on_the_lattice_never_overlap():
    cells = [c for P in range(-5, 6) for Q in range(-5, 6) for c in tile_cells(P, Q)]
    assert len(cells) == len(set(cells))


def test_layouts_nest_and_tiles_sharing_an_edge_differ_by_a_direction():
    assert (
        set(LAYOUTS[19].positions)
        < set(LAYOUTS[24].positions)
        < set(LAYOUTS[27].positions)
        < set(LAYOUTS[30].positions)
    )
    cells = {}
    for P, Q in LAYOUTS[30].positions:
        for c in tile_cells(P, Q):
            cells[c] = (P, Q)
    for (q, r), tile in cells.items():
        for a, b in ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)):
            other = cells.get((q + a, r + b))
            if other is not None and other != tile:
                assert (other[0] - tile[0], other[1] - tile[1]) in ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))


PICTURE_19 = """
 -7          m m
 -6         m M m o o
 -5      k k m m o O o q q
 -4     k K k d d o o q Q q
 -3  h h k k d D d f f q q
 -2 h H h b b d d f F f r r
 -1  h h b B b a a f f r R r
  0   i i b b a A a g g r r
  1  i I i c c a a g G g s s
  2   i i c C c e e g g s S s
  3    j j c c e E e p p s s
  4   j J j l l e e p P p
  5    j j l L l n n p p
  6         l l n N n
  7              n n
"""


def test_the_19_tile_board_matches_the_cell_picture():
    letters = "ABCDEFGHIJKLMNOPQRS"
    expected = {}
    for i, (P, Q) in enumerate(LAYOUTS[19].positions):
        for k, (q, r) in enumerate(tile_cells(P, Q)):
            expected[(r, 2 * q + r)] = letters[i] if k == 0 else letters[i].lower()
    drawn = {}
    base = None
    for line in PICTURE_19.strip("\n").splitlines():
        r = int(line[:3])
        for pos, ch in enumerate(line[3:]):
            if ch.isalpha():
                drawn[(r, pos)] = ch
        if r == 0:
            base = line[3:].index("A")  # A's centre is (0, 0): column 0
    drawn = {(r, pos - base): ch for (r, pos), ch in drawn.items()}
    assert drawn == expected


# -- §3 setup -------------------------------------------------------------------------------------


def reference_deal(players, seed):
    """§3.8 transcribed literally."""
    rng = random.Random(seed)
    tiles = sorted((cat, col) for cat in range(6) for col in range(5))
    if players == 4:
        cat = rng.randrange(6)
        gone = {(cat, col) for col in rng.sample([0, 1, 2, 3, 4], 3)}
        kept = [t for t in tiles if t not in gone]
    elif players == 3:
        cat = rng.randrange(6)
        rest = sorted(t for t in tiles if t[0] != cat)
        drop = rng.choice(rest)
        kept = [t for t in rest if t != drop]
    elif players <= 2:
        cats = rng.sample(range(6), 2)
        rest = sorted(t for t in tiles if t[0] not in cats)
        drop = rng.choice(rest)
        kept = [t for t in rest if t != drop]
    else:
        kept = tiles
    kept = sorted(kept)
    rng.shuffle(kept)
    count = len(kept)
    goods = []
    for (P, Q), (cat, col) in zip(LAYOUT_LISTS[count][1], kept[len(LAYOUT_LISTS[count][0]) :]):
        cell = caravanserai_cells(P, Q, cat)[rng.randrange(2)]
        goods.append((CELL_ID[cell], col))
    return count, tuple(kept), goods


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5, 6])
def test_setup_draws_discards_shuffle_and_board_goods_in_the_canonical_order(players):
    for seed in range(8):
        assert deal(players, seed) == reference_deal(players, seed)


@pytest.mark.parametrize(
    "players,tiles,goods,basic,expert",
    [
        (1, 19, 6, 24, 29),
        (2, 19, 6, 24, 29),
        (3, 24, 8, 22, 27),
        (4, 27, 9, 21, 26),
        (5, 30, 10, 20, 25),
        (6, 30, 10, 20, 25),
    ],
)
def test_setup_counts_tiles_caravanserai_cells_board_goods_and_market(players, tiles, goods, basic, expert):
    for seed in range(6):
        state = new(players, seed)
        dealt = state.board.tiles
        assert len(dealt) == tiles and len(set(dealt)) == tiles
        for c in range(5):
            assert len(state.board.cs_by_colour[c]) == 2 * sum(1 for _, col in dealt if col == c)
        assert len(state.bgoods) == goods
        layout = state.board.layout
        inter = [i for i, cls in enumerate(layout.classes) if cls == "I"]
        assert sorted(state.board.tile_of[cell] for cell in state.bgoods) == inter
        assert all(state.board.cs[cell] == colour for cell, colour in state.bgoods.items())
        assert sum(state.market) == basic and sum(new(players, seed, "expert").market) == expert
        assert state.res == [[3, 3, 3, 3, 3, 8]] * players and state.caravans == [()] * players
        # the discards: §3.1
        gone = sorted(set(ALL_TILES) - set(dealt))
        cats = sorted({cat for cat, _ in gone})
        if players == 4:
            assert len(gone) == 3 and len(cats) == 1
        elif players == 3:
            assert len(gone) == 6 and any(sum(1 for c, _ in gone if c == cat) == 5 for cat in cats)
        elif players <= 2:
            assert len(gone) == 11 and sum(1 for cat in cats if sum(1 for c, _ in gone if c == cat) == 5) >= 2


def test_four_players_basic_leave_21_goods_in_the_market_before_the_start_gains():
    for seed in range(10):
        assert sum(new(4, seed).market) == 30 - 9 == 21


def test_start_camels_go_on_free_outer_caravanserai_cells_in_seat_order_and_gain_their_colour():
    state = new(3, seed=4)
    opening = state.opening_events()
    assert any(e.reveals for e in opening)
    for seat in range(3):
        assert state.turn == seat
        legal = state.legal_actions()
        cells = [CELL_ID[(q, r)] for _, q, r in legal]
        assert sorted(cells) == [c for c in state.board.outer_cs if not state.blocked[c]]
        cell = cells[seat * 3]
        colour = state.board.cs[cell]
        market = state.market[colour]
        state.apply(("start", *QR[cell]))
        assert state.caravans[seat] == ((cell, CAMEL),) and state.res[seat][5] == 7
        assert state.res[seat][colour] == 4 and state.market[colour] == market - 1
    assert state.turn == 0 and state.stage == PLACE and state.round == 1


# -- §5 placement ---------------------------------------------------------------------------------


def parse(notation):
    """'1Y 2W lying camel' -> the piece kinds and, per piece, its block size."""
    kinds, sizes = [], []
    for token in notation.split():
        if token == "camel":
            kinds.append(CAMEL)
            sizes.append(0)
        elif token == "lying":
            kinds.append(LYING)
            sizes.append(0)
        else:
            size, colour = int(token[:-1]), "WKPRY".index(token[-1])
            kinds += [colour] * size
            sizes += [size] * size
    return kinds, sizes


def layable(state, notation):
    """Whether some legal series of choices lays exactly ``notation`` and ends the placement."""
    kinds, sizes = parse(notation)
    seat = state.turn

    def rec(s):
        if s.turn != seat or s.stage not in (PLACE, BOARD):
            return [k for _, k in s.last[2]] == kinds
        i = len(s.laid)
        if i >= len(kinds):
            return False
        for a in s.legal_actions():
            kind = a[0]
            if kind == "good" and not (kinds[i] == a[1] and sizes[i] == a[2]):
                continue
            if (kind == "lying" and kinds[i] != LYING) or (kind == "camel" and kinds[i] != CAMEL):
                continue
            if kind == "decline":
                continue
            child = s.clone()
            child.apply(a, log=False)
            if rec(child):
                return True
        return False

    return rec(state)


def open_position(variant):
    """Solo, a head in the middle of the board, no board goods, a rich reserve."""
    head = CELL_ID[(0, 0)]
    return position(1, seed=3, variant=variant, caravans=[[(head, "C")]], reserves=[[10] * 5 + [8]])


@pytest.mark.parametrize(
    "notation,placed",
    [("1Y 2W 3R 4K camel", 11), ("2R 3K camel", 6), ("1R 2Y 3R camel", 7), ("2W camel", 3), ("camel", 1)],
)
def test_basic_placements_of_the_rulebook_are_valid(notation, placed):
    state = open_position("basic")
    assert layable(state, notation)
    assert len(parse(notation)[0]) == placed


@pytest.mark.parametrize("notation", ["3R camel", "1R 2R camel", "1Y 3W camel", "lying camel", "1R lying 3R camel"])
def test_basic_placements_the_rulebook_forbids_are_refused(notation):
    assert not layable(open_position("basic"), notation)


def test_a_placement_without_its_final_camel_is_not_finished():
    state = open_position("basic")
    seat = state.turn
    while len(state.laid) < 2:
        legal = state.legal_actions()
        state.apply(("good", W, 2) if ("good", W, 2) in legal else legal[0])
    assert [k for _, k in state.laid] == [W, W]
    assert state.turn == seat and state.stage == PLACE  # "[2W]" is not a placement: a camel must end it


@pytest.mark.parametrize(
    "notation", ["camel", "lying camel", "1R lying 3R camel", "1K 2Y lying 4K 5W camel", "1Y 2R 3W lying camel"]
)
def test_expert_placements_of_the_rulebook_are_valid(notation):
    assert layable(open_position("expert"), notation)


@pytest.mark.parametrize("notation", ["2W camel", "1R lying lying camel", "1R 2R camel"])
def test_expert_refuses_a_first_block_of_2_and_a_second_lying_camel(notation):
    assert not layable(open_position("expert"), notation)


def test_a_lying_camel_needs_two_camels_in_reserve():
    state = position(1, variant="expert", caravans=[[(CELL_ID[(0, 0)], "C")]], reserves=[[10] * 5 + [1]])
    play(state, ("dir", 0))
    assert LYING_A not in state.legal_actions() and CAMEL_A in state.legal_actions()


def test_basic_first_block_size_is_chosen_with_the_first_good():
    state = open_position("basic")
    play(state, ("dir", 0))
    goods = {(a[1], a[2]) for a in state.legal_actions() if a[0] == "good"}
    assert {s for _, s in goods} == {1, 2}
    play(state, ("good", R, 2))
    assert state.o == 1
    play(state, ("good", R, 2))
    # block 2 then has 3 goods, of another colour
    assert {(a[1], a[2]) for a in state.legal_actions() if a[0] == "good"} <= {(c, 3) for c in (W, K, P, Y)}


def find_line(state, pattern, *, first_turn=None):
    """A path from a head h: cells x1.. with Caravanserai colours per ``pattern`` ('-' plain,
    a colour letter: that colour), straight in one direction, then (after the first colour
    letter, where a turn is allowed) straight in another. Returns (h, d, d2, cells)."""
    cs, onboard = state.board.cs, state.board.layout.onboard
    turn_at = next(i for i, ch in enumerate(pattern) if ch != "-") if first_turn is None else first_turn
    for h in state.board.layout.cells:
        if cs[h] >= 0:
            continue
        for d in range(6):
            for d2 in range(6):
                cells, x, ok = [], h, True
                for i, ch in enumerate(pattern):
                    x = x + STEP[d if i <= turn_at else d2]
                    want = -1 if ch == "-" else "WKPRY".index(ch)
                    if not onboard[x] or cs[x] != want or x in cells or x == h:
                        ok = False
                        break
                    cells.append(x)
                if ok:
                    return h, d, d2, cells
    return None


@dataclass(frozen=True)
class Line:
    """A seeded board holding a ``find_line`` path: head ``h``, directions ``d`` and ``d2``, the
    path's ``cells``, and ``other``, a cell far from all of them for the second seat's camel."""

    seed: int
    variant: str
    h: int
    d: int
    d2: int
    cells: list
    other: int

    def position(self, **kw):
        """The 2-seat position on this board with a lone camel at ``h`` (seat 0) and ``other``."""
        return position(2, seed=self.seed, variant=self.variant, caravans=[[(self.h, "C")], [(self.other, "C")]], **kw)


def seeded_line(pattern, *, first_turn=None, seeds=300, variant="basic"):
    """The first of ``seeds`` 2-seat boards on which ``find_line`` finds ``pattern``."""
    for seed in range(seeds):
        probe = new(2, seed, variant)
        found = find_line(probe, pattern, first_turn=first_turn)
        if found:
            h, d, d2, cells = found
            return Line(seed, variant, h, d, d2, cells, far_cells(probe, [h] + cells, 1)[0])
    raise AssertionError(f"no board of {seeds} seeds has the line {pattern!r}")


def test_count_example_of_figure_8_gives_4_and_the_final_camel_gains_black():
    """§6.4: 1 purple, 2 yellow, then 3 purple whose first good lies on a purple Caravanserai
    cell where the caravan turns; the final camel stops on a black cell."""
    line = seeded_line("---P--K", first_turn=3, seeds=200)
    d, d2, cells = line.d, line.d2, line.cells
    state = line.position(market=[3, 3, 3, 3, 3], reserves=[[3, 3, 4, 3, 3, 7], [3, 3, 3, 3, 3, 7]])
    black = state.res[0][K]
    play(
        state,
        ("dir", d),
        ("good", P, 1),
        ("good", Y, 2),
        ("good", Y, 2),
        ("good", P, 3),
        ("dir", d2),
        ("good", P, 3),
        ("good", P, 3),
        CAMEL_A,
    )
    _seat, _head, laid, _o, placed, count, taken, _camels, _stood, _declined = state.last
    assert [c for c, _ in laid] == cells and [k for _, k in laid] == [P, Y, Y, P, P, P, CAMEL]
    assert placed == 7 and count == 4 and taken == 4
    assert state.res[0][K] == black + 1 and state.market[K] == 2
    assert len(state.caravans[0]) == 8 - 4  # the caravan grew by the 3 omitted goods


def test_a_block_on_a_red_and_a_yellow_caravanserai_cell_is_counted():
    line = seeded_line("RY", first_turn=0)
    state = line.position()
    play(state, ("dir", line.d), ("good", R, 2), ("dir", line.d2), ("good", R, 2))
    end_with_camel(state)
    assert [c for c, _ in state.last[2]][:2] == line.cells
    assert state.last[4] == 3 and state.last[5] == 3  # counted: rulebook 7.3


def test_a_block_on_two_red_cells_is_omitted_and_declining_a_board_good_makes_it_count():
    line = seeded_line("RR", first_turn=0)
    d, d2, cells = line.d, line.d2, line.cells
    for decline, count in ((False, 1), (True, 3)):
        state = line.position(board_goods=[(cells[1], R)])
        red, market = state.res[0][R], state.market[R]
        play(state, ("dir", d), ("good", R, 2), ("dir", d2))
        assert state.stage == BOARD and set(state.legal_actions()) == {("use",), ("decline",)}
        said = [event.render(["Ann", "Bob"]) for event in play(state, ("decline",) if decline else ("use",))]
        # (the log says either: a board good used only vanished from the board)
        cell = cell_name(cells[1])
        verb = f"Ann declines the red board good on {cell}" if decline else f"Ann uses the red board good on {cell}"
        assert any(line.startswith(verb) for line in said), said
        assert state.res[0][R] == red - (2 if decline else 1)  # using it spares a reserve good...
        assert state.market[R] == market + (1 if decline else 0)  # ...declining sends it to the market
        end_with_camel(state)
        assert [c for c, _ in state.last[2]][:2] == cells
        assert state.last[5] == count and state.last[9] == ((1,) if decline else ())


def test_use_is_forced_without_a_reserve_good_of_that_colour():
    line = seeded_line("R", first_turn=0)
    cells = line.cells
    state = line.position(board_goods=[(cells[0], R)], reserves=[[3, 3, 3, 0, 3, 7], [3, 3, 3, 3, 3, 7]])
    play(state, ("dir", line.d))
    assert ("good", R, 1) in state.legal_actions()  # possible thanks to the board good
    play(state, ("good", R, 1))
    assert state.laid == ((cells[0], R),) and cells[0] not in state.bgoods and state.res[0][R] == 0


def test_a_board_good_of_another_colour_goes_back_to_the_market_when_a_good_is_laid_on_it():
    line = seeded_line("R", first_turn=0)
    state = line.position(board_goods=[(line.cells[0], R)])
    market = state.market[R]
    events = play(state, ("dir", line.d), ("good", W, 1))
    assert state.market[R] == market + 1 and line.cells[0] not in state.bgoods and state.res[0][W] == 2
    assert "red board good" in text(events) and "back to the market" in text(events)


def test_pieces_go_straight_and_turn_only_after_a_caravanserai_cell():
    line = seeded_line("---", first_turn=2)
    state = line.position()
    play(state, ("dir", line.d), ("good", W, 2))
    # the second white good is forced straight on: not asked, and no direction is offered
    assert [c for c, _ in state.laid] == line.cells[:2]
    assert state.target == line.cells[2] and not any(a[0] == "dir" for a in state.legal_actions())


def test_legal_actions_never_lead_into_a_dead_end():
    """§11.4: a block of 2 whose final camel would have to stand off the board is not offered;
    one good, then the camel on the last board cell, is."""
    state = new(2, seed=1)
    cs, onboard = state.board.cs, state.board.layout.onboard
    for x in state.board.layout.cells:
        for d in range(6):
            h, y, z = x - STEP[d], x + STEP[d], x + 2 * STEP[d]
            if onboard[h] and onboard[y] and not onboard[z] and cs[h] < 0 and cs[x] < 0 and cs[y] < 0:
                other = far_cells(state, [h, x, y], 1)[0]
                s = position(2, seed=1, caravans=[[(h, "C")], [(other, "C")]])
                play(s, ("dir", d))
                goods = [a for a in s.legal_actions() if a[0] == "good"]
                assert goods and all(a[2] == 1 for a in goods)  # 2 goods would leave the camel no cell
                return
    raise AssertionError("no edge cell found")


# -- §5.7 stops and gains -------------------------------------------------------------------------


def red_stop(players, seed=0, **kw):
    probe = new(players, seed)
    x = probe.board.cs_by_colour[R][0]
    h, d = on_board_neighbour(probe, x)
    others = far_cells(probe, [h, x], players - 1)
    caravans = [[(h, "C")]] + [[(o, "C")] for o in others]
    return position(players, seed=seed, caravans=caravans, board_goods=[(x, R)], **kw), d, x


def test_a_final_camel_on_a_red_cell_with_a_red_board_good_gains_two_reds():
    state, d, x = red_stop(2)
    red, market = state.res[0][R], state.market[R]
    events = play(state, ("dir", d), CAMEL_A)
    assert state.res[0][R] == red + 2 and x not in state.bgoods
    assert state.market[R] <= market - 1
    assert "red board good" in text(events) and "gains a red good from the market" in text(events)


def test_the_log_says_the_placement_before_what_its_final_camel_took_and_gained():
    """The bug: "You gain a red good from the market." came before "You laid camel: …", the gain
    read as coming before the camel that earned it."""
    state, d, _x = red_stop(2)
    lines = [event.text for event in play(state, ("dir", d), CAMEL_A)]
    laid = next(i for i, line in enumerate(lines) if " laid " in line)
    took = next(i for i, line in enumerate(lines) if "red board good" in line)
    gained = next(i for i, line in enumerate(lines) if "gain" in line and "from the market" in line)
    assert laid < took < gained


def test_with_no_red_in_the_market_the_gain_comes_from_the_next_seat_clockwise_that_has_one():
    reserves = [[3, 3, 3, 3, 3, 7], [3, 3, 3, 0, 3, 7], [3, 3, 3, 2, 3, 7]]
    state, d, _x = red_stop(3, reserves=reserves, market=[5, 5, 5, 0, 5])
    events = play(state, ("dir", d), CAMEL_A)
    assert state.res[0][R] == 5 and state.res[1][R] == 0 and state.res[2][R] == 1
    assert "Cem's reserve" in text(events)


def test_with_no_red_anywhere_the_gain_gives_nothing():
    reserves = [[3, 3, 3, 3, 3, 7], [3, 3, 3, 0, 3, 7]]
    state, d, _x = red_stop(2, reserves=reserves, market=[5, 5, 5, 0, 5])
    state.res[0][R] = 0
    events = play(state, ("dir", d), CAMEL_A)
    assert state.res[0][R] == 1 and state.res[1][R] == 0  # only the board good
    assert "gains nothing" in text(events)


def test_solo_gains_nothing_when_the_market_lacks_the_colour():
    """Ruling (solo gains)."""
    probe = new(1)
    x = probe.board.cs_by_colour[R][0]
    h, d = on_board_neighbour(probe, x)
    state = position(1, caravans=[[(h, "C")]], market=[5, 5, 5, 0, 5])
    events = play(state, ("dir", d), CAMEL_A)
    assert state.res[0][R] == 3
    # (solo has no other seat to take one from: the log said "in the market or with another seat")
    assert "No red good is left in the market: Ann gains nothing." in text(events)


def test_a_lying_camel_gains_and_its_gain_can_be_laid_in_the_same_placement():
    probe = new(1, variant="expert")
    x = probe.board.cs_by_colour[R][0]
    h, d = on_board_neighbour(probe, x)
    state = position(1, variant="expert", caravans=[[(h, "C")]], reserves=[[0, 0, 0, 0, 0, 8]])
    play(state, ("dir", d))
    assert [a for a in state.legal_actions() if a[0] == "good"] == []
    play(state, LYING_A)
    assert state.res[0][R] == 1 and state.target < 0
    assert any(a[0] == "dir" for a in state.legal_actions())
    # block 2 needs 2 goods: the one red gained is not enough, so no good is offered after it
    assert not any(a == ("good", R, 2) for a in state.legal_actions())


# -- §6-§7 count and take back --------------------------------------------------------------------


def test_a_lone_camel_counts_1_takes_back_the_start_camel_and_stands_one_good():
    for players, stood in ((2, 1), (1, 2)):
        state = new(players, seed=2)
        for _ in range(players):
            state.apply(state.legal_actions()[0])
        seat = state.turn
        plain = [a for a in state.legal_actions() if state.board.cs[state.pos + STEP[a[1]]] < 0]
        start_cell = state.caravans[seat][0][0]
        board_goods = len(state.bgoods)
        play(state, plain[0], CAMEL_A)
        while state.stage == STAND and state.turn == seat:
            state.apply(state.legal_actions()[0])
        _, _, laid, _, placed, count, taken, camels, done, _ = state.last
        assert placed == 1 and count == 1 and taken == 1 and camels == 1 and done == stood
        assert state.caravans[seat] == ((laid[0][0], CAMEL),) and not state.blocked[start_cell]
        assert state.res[seat][5] == 7 and len(state.bgoods) == board_goods + stood


def test_take_back_removes_the_pieces_nearest_the_tail_and_a_lying_camel_returns_as_a_camel():
    line = seeded_line("-----", first_turn=5, variant="expert")
    # the caravan's tail and new head stand on the line's first cells; it goes on along the rest
    tail, h, cells = [line.h] + line.cells[:2], line.cells[2], line.cells[3:]
    caravan = [(tail[0], "L"), (tail[1], "R"), (tail[2], "C"), (h, "C")]
    state = position(
        2,
        seed=line.seed,
        variant="expert",
        caravans=[caravan, [(line.other, "C")]],
        reserves=[[3, 3, 3, 3, 3, 5], [3, 3, 3, 3, 3, 7]],
    )
    play(state, ("dir", line.d), ("good", W, 1), CAMEL_A)  # count 2: the lying camel and the red
    assert state.last[5] == 2 and state.last[7] == 1
    assert [c for c, _ in state.caravans[0]] == [tail[2], h] + cells[:2]
    assert state.res[0][5] == 5 and state.res[0][R] == 4


def test_stands_are_skipped_when_no_free_caravanserai_cell_matches_a_market_colour():
    """Ruling (§7.3): only white is left in the market and every white cell is taken."""
    state, d, _x = red_stop(2, market=[1, 0, 0, 0, 0])
    whites = [c for c in state.board.cs_by_colour[W] if not state.blocked[c]]
    for c in whites:
        state.bgoods[c] = W
    state._legal = None
    events = play(state, ("dir", d), CAMEL_A)
    assert state.last[7] == 1 and state.last[8] == 0
    assert "skips 1 stand" in text(events) and state.turn == 1


# -- §8 skips and the end -------------------------------------------------------------------------


def test_a_seat_without_a_camel_in_reserve_skips_and_the_state_does_not_change():
    probe = new(3)
    cells = far_cells(probe, [], 3)
    caravans = [[(c, "C")] for c in cells]
    reserves = [[3, 3, 3, 3, 3, 7], [3, 3, 3, 3, 3, 0], [3, 3, 3, 3, 3, 7]]
    state = position(3, caravans=caravans, reserves=reserves)
    events = []
    seat1 = state.res[1][:]
    while state.turn == 0:
        events += state.apply(CAMEL_A if CAMEL_A in state.legal_actions() else state.legal_actions()[0])
    assert state.turn == 2 and state.res[1] == seat1
    assert "Bob cannot place (no camel in reserve) and skips the turn" in text(events)


def last_camel_out():
    """Two seats, seat 0 to lay its last camel (its tail a good: none comes back), seat 1 out of
    camels; and the direction that lays it."""
    probe = new(2)
    h, g = far_cells(probe, [], 2)
    nxt = next(y for y in NEIGHBOURS[h] if probe.board.layout.onboard[y])
    tail = next(y for y in NEIGHBOURS[h] if probe.board.layout.onboard[y] and y != nxt)
    state = position(
        2, caravans=[[(tail, "R"), (h, "C")], [(g, "C")]], reserves=[[3, 3, 3, 3, 3, 1], [3, 3, 3, 3, 3, 0]]
    )
    return state, ("dir", STEP.index(nxt - h))


def test_the_safety_end_comes_when_no_seat_can_place():
    state, heading = last_camel_out()
    events = play(state, heading, CAMEL_A)
    assert state.is_over() and "safety end" in state.end and "safety end" in text(events)


def trigger_schedule(trigger_seat):
    """4 players, 1 good left in the market: ``trigger_seat`` takes it with a gain."""
    probe = new(4)
    x = probe.board.cs_by_colour[R][0]
    h, d = on_board_neighbour(probe, x)
    others = far_cells(probe, [h, x], 3)
    caravans = [[(o, "C")] for o in others]
    caravans.insert(trigger_seat, [(h, "C")])
    state = position(4, caravans=caravans, market=[0, 0, 0, 1, 0], turn=trigger_seat)
    play(state, ("dir", d), CAMEL_A)
    assert state.phase in (COMPLETING, FINAL) and state.trigger[0] == trigger_seat
    seats = []
    while not state.is_over():
        seats.append(state.turn)
        run_turn(state)
        assert state.trigger[0] == trigger_seat  # it never resets, even with goods back in the market
    return seats, state


def test_a_trigger_on_seat_1_of_4_lets_seats_2_and_3_play_then_a_final_round():
    seats, state = trigger_schedule(1)
    assert seats == [2, 3, 0, 1, 2, 3] and state.end == "the final round is over"


def test_a_trigger_on_the_last_seat_starts_the_final_round_at_once():
    seats, _state = trigger_schedule(3)
    assert seats == [0, 1, 2, 3]


def test_the_market_counts_as_empty_only_when_every_colour_is_out():
    """Ruling (the market is "empty"): the last red leaves a black behind, so nothing fires; the
    last good of all fires the trigger. (The tail piece taken back is a good: no stand.)"""
    probe = new(2)
    x = probe.board.cs_by_colour[R][0]
    h, d = on_board_neighbour(probe, x)
    tail = next(y for y in NEIGHBOURS[h] if probe.board.layout.onboard[y] and y != x)
    other = far_cells(probe, [h, x, tail], 1)[0]
    for market, fired in (([0, 1, 0, 1, 0], False), ([0, 0, 0, 1, 0], True)):
        state = position(2, caravans=[[(tail, "W"), (h, "C")], [(other, "C")]], market=market)
        play(state, ("dir", d), CAMEL_A)
        assert state.market[R] == 0 and state.last[7] == 0
        assert (state.trigger is not None) == fired and (state.phase == COMPLETING) == fired


def test_a_seat_whose_head_has_no_open_neighbour_is_skipped():
    probe = new(2)
    onboard = probe.board.layout.onboard
    for h in probe.board.layout.cells:
        dirs = [d for d in range(6) if onboard[h + STEP[d]]]
        if len(dirs) == 3 and all((dirs[0] + k) % 6 in dirs for k in range(3)):
            arc = [h + STEP[(dirs[0] + k) % 6] for k in range(3)]
            break
        if len(dirs) == 3 and all((dirs[2] + k) % 6 in dirs for k in range(3)):
            arc = [h + STEP[(dirs[2] + k) % 6] for k in range(3)]
            break
    boxed = [(arc[2], "C"), (arc[1], "W"), (arc[0], "W"), (h, "C")]
    other = far_cells(probe, [h] + arc, 1)[0]
    state = position(2, caravans=[[(other, "C")], boxed])
    assert not state.can_place(1) and state.can_place(0)
    events, turns = [], state.turns
    while state.turns == turns:
        events += state.apply(CAMEL_A if CAMEL_A in state.legal_actions() else state.legal_actions()[0])
    assert state.turn == 0 and state.turns == turns + 2  # seat 1's skipped turn counts
    assert "Bob cannot place (no open cell next to the head) and skips the turn" in text(events)


def test_a_stand_that_empties_the_market_fires_the_trigger():
    probe = new(2)
    h, g = far_cells(probe, [], 2)
    nxt = next(y for y in NEIGHBOURS[h] if probe.board.layout.onboard[y] and probe.board.cs[y] < 0)
    tail = next(y for y in NEIGHBOURS[h] if probe.board.layout.onboard[y] and y != nxt)
    state = position(
        2,
        caravans=[[(tail, "C"), (h, "C")], [(g, "C")]],
        market=[1, 0, 0, 0, 0],
        reserves=[[3, 3, 3, 3, 3, 6], [3, 3, 3, 3, 3, 7]],
    )
    events = play(state, ("dir", STEP.index(nxt - h)), CAMEL_A)
    while state.stage == STAND and state.turn == 0:
        events += state.apply(state.legal_actions()[0])
    assert state.last[8] == 1 and state.phase == COMPLETING and state.trigger == (0, state.turns - 1)
    assert "last good from the market" in text(events)


def test_the_game_ends_after_round_100():
    probe = new(2)
    a, b = far_cells(probe, [], 2)
    state = position(2, caravans=[[(a, "C")], [(b, "C")]], turn=1, round=MAX_ROUNDS)
    run_turn(state)
    assert state.is_over() and "round cap" in state.end


def test_the_round_cap_applies_to_solo_too():
    """Ruling (the round cap)."""
    probe = new(1)
    a = far_cells(probe, [], 1)[0]
    state = position(1, caravans=[[(a, "C")]], round=MAX_ROUNDS)
    run_turn(state)
    assert state.is_over() and "round cap" in state.end


@pytest.mark.parametrize("camels,market,why", [(0, [5] * 5, "no camel"), (3, [0] * 5, "market is empty")])
def test_solo_ends_at_a_turn_start_without_camels_or_market(camels, market, why):
    probe = new(1)
    a, _b = far_cells(probe, [], 2)
    nxt = next(y for y in NEIGHBOURS[a] if probe.board.layout.onboard[y] and probe.board.cs[y] < 0)
    tail = next(y for y in NEIGHBOURS[a] if probe.board.layout.onboard[y] and y != nxt)
    # the tail is a good, so the camel laid does not come back
    state = position(1, caravans=[[(tail, "W"), (a, "C")]], reserves=[[3, 3, 3, 3, 3, camels + 1]], market=market)
    play(state, ("dir", STEP.index(nxt - a)), CAMEL_A)
    assert state.is_over() and why in state.end


def test_solo_has_no_end_trigger_and_stands_two_goods_per_camel():
    state = new(1, seed=5)
    state.apply(state.legal_actions()[0])
    rng = random.Random(5)
    while not state.is_over():
        state.apply(rng.choice(state.legal_actions()))
        assert state.phase in (NORMAL, OVER) and state.trigger is None
        if state.last and state.last[7]:
            assert state.stands == 0 or state.stands <= 2 * state.last[7]
    assert state.end in ("no camel is left in the reserve", "the market is empty", "the caravan cannot move")


# -- §9 scoring -----------------------------------------------------------------------------------


def finished(players, caravans, reserves):
    state = position(players, caravans=caravans, reserves=reserves)
    data = state.to_data()
    data.update(turn=None, stage="over", phase="over", placement=None, end="test")
    return CaravanseraiState.from_data(data)


def test_the_longer_caravan_wins_then_the_bigger_reserve_then_the_later_seat():
    probe = new(3)
    a, b, c, _d = far_cells(probe, [], 4)
    two = lambda x: [(x, "R"), (next(y for y in NEIGHBOURS[x] if probe.board.layout.onboard[y]), "C")]  # noqa
    longer = finished(2, [two(a), [(b, "C")]], [[0] * 6, [9] * 6])
    assert longer.outcome() == [1.0, 0.0] and longer.scores() == [2.0, 1.0]
    richer = finished(2, [[(a, "C")], [(b, "C")]], [[1, 0, 0, 0, 0, 5], [0] * 6])
    assert richer.outcome() == [1.0, 0.0]
    tied = finished(3, [[(a, "C")], [(b, "C")], [(c, "C")]], [[1] * 6] * 3)
    assert tied.outcome() == [0.0, 0.0, 1.0] and tied.winner() == 2


def test_solo_outcome_is_length_over_45_and_titles_follow_the_table():
    assert [title(x) for x in (24, 25, 29, 30, 35, 40, 44, 45, 60)] == [
        None,
        "Camel driver",
        "Camel driver",
        "Great camel driver",
        "Xiansheng",
        "Tribal chief",
        "Tribal chief",
        "Chief of the 5 tribes",
        "Chief of the 5 tribes",
    ]
    probe = new(1)
    outcomes = []
    for length in (1, 10, 30, 45, 50):
        path = _snake(probe, length)
        state = finished(1, [[(c, "W") for c in path[:-1]] + [(path[-1], "C")]], [[0] * 6])
        outcomes.append(state.outcome()[0])
        assert len(state.outcome()) == 1 and 0.0 <= outcomes[-1] <= 1.0
    assert outcomes == sorted(outcomes) and outcomes[0] < outcomes[2] < outcomes[3] == outcomes[4] == 1.0
    assert outcomes[2] == pytest.approx(30 / 45)


def _snake(state, length):
    """``length`` cells of a chain across the board (row by row, boustrophedon)."""
    onboard = state.board.layout.onboard
    rows = {}
    for cell in state.board.layout.cells:
        rows.setdefault(QR[cell][1], []).append(cell)
    path = []
    for i, r in enumerate(sorted(rows)):
        row = sorted(rows[r])
        path += row if i % 2 == 0 else row[::-1]
    chain = [path[0]]
    for cell in path[1:]:
        if cell in NEIGHBOURS[chain[-1]]:
            chain.append(cell)
        else:
            break
        if len(chain) == length:
            return chain
    # fall back on a straight walk with turns where needed
    chain = [path[0]]
    seen = {path[0]}
    while len(chain) < length:
        nxt = next(y for y in NEIGHBOURS[chain[-1]] if onboard[y] and y not in seen)
        chain.append(nxt)
        seen.add(nxt)
    return chain


# -- random play: invariants 1-12 -----------------------------------------------------------------


@pytest.mark.parametrize("variant", ["basic", "expert"])
@pytest.mark.parametrize("players", [1, 2, 4, 6])
def test_random_play_keeps_every_invariant(players, variant):
    for seed in range(2):
        random_game(players, seed, variant, prune_check=(seed == 0))


@pytest.mark.thorough
def test_every_offered_action_keeps_the_placement_completable_and_nothing_completable_is_pruned():
    for seed in (7, 8):
        random_game(2, seed, "expert", prune_check=True, log_check=False)
        random_game(3, seed, "basic", prune_check=True, log_check=False)


def test_the_take_back_cap_never_binds():
    """Ruling (take back cap): taken == count in every placement."""
    for seed in range(3):
        state = new(3, seed)
        rng = random.Random(seed)
        while not state.is_over():
            state.apply(rng.choice(state.legal_actions()), log=False)
            if state.last:
                assert state.last[6] == state.last[5]


def test_the_same_seed_and_actions_give_the_same_state_and_data_round_trips_through_json():
    state = new(3, seed=11, variant="expert")
    rng = random.Random(11)
    actions = []
    while not state.is_over():
        action = rng.choice(state.legal_actions())
        state.apply(action, log=False)
        actions.append(action)
        data = state.to_data()
        again = CaravanseraiState.from_data(json.loads(json.dumps(data)))
        assert again.to_data() == data and again.legal_actions() == state.legal_actions()
    replay = new(3, seed=11, variant="expert")
    for action in actions:
        replay.apply(normalise_action(json.loads(json.dumps(action))))
    assert replay.to_data() == state.to_data()


def test_illegal_actions_raise_and_leave_the_state_untouched():
    state = new(2, seed=3)
    rng = random.Random(3)
    for _ in range(40):
        before = state.to_data()
        for bad in [("camel", 1), ("dir", 9), ("good", 0, 7), ("stand", 0, 99, 99), ("start", 0, 0), ("pass",)]:
            if bad not in state.legal_actions():
                with pytest.raises(IllegalAction):
                    state.apply(bad)
                assert state.to_data() == before
        state.apply(rng.choice(state.legal_actions()))


def test_views_hold_the_header_and_everything_public_and_determinize_clones():
    state = new(2, seed=6)
    rng = random.Random(6)
    for _ in range(30):
        state.apply(rng.choice(state.legal_actions()))
    for seat in (0, 1, None):
        view = state.view(seat)
        assert all(key in view for key in VIEW_HEADER) and "seed" not in view
        world = CaravanseraiState.from_view(json.loads(json.dumps(view)), seat if seat is not None else 0)
        assert world.view(seat) == view and world.legal_actions() == state.legal_actions()
    world = state.determinize(0, random.Random(1))
    assert world.view(0) == state.view(0) and world.seed != state.seed


def test_every_legal_action_is_described_in_plain_words():
    for players, variant in ((2, "basic"), (1, "expert"), (4, "expert")):
        state = new(players, seed=9, variant=variant)
        rng = random.Random(9)
        while not state.is_over():
            for action in state.legal_actions():
                words = state.describe(action, state.turn)
                assert words and not words.startswith("(") and "'" not in words
            state.apply(rng.choice(state.legal_actions()))


def test_a_finished_placement_is_logged_as_one_line_with_its_count():
    """Ruling (logging)."""
    state = new(2, seed=1)
    events = state.apply(state.legal_actions()[0]) + state.apply(state.legal_actions()[0])
    assert "starts on the" in text(events)
    seat = state.turn
    events = []
    while state.turn == seat:
        events += state.apply(CAMEL_A if CAMEL_A in state.legal_actions() else state.legal_actions()[0])
    lines = [e for e in events if "placed, count" in e.text]
    assert len(lines) == 1 and "laid camel: 1 placed, count 1" in text(lines)
    assert re.search(r"\{p\d\}", lines[0].text)


# -- the AI's prior and estimate --------------------------------------------------------------------


def test_the_prior_leaves_the_state_unchanged_and_scores_every_action():
    for players in (1, 2, 5):
        state = new(players, seed=2, variant="expert")
        rng = random.Random(2)
        while not state.is_over():
            before = state.to_data()
            legal = state.legal_actions()
            scores = prior(state, legal)
            assert len(scores) == len(legal) and state.to_data() == before
            state.apply(rng.choice(legal), log=False)


def test_the_prior_prefers_a_block_that_is_omitted():
    line = seeded_line("R-", first_turn=0)
    state = line.position()
    play(state, ("dir", line.d))
    legal = state.legal_actions()
    scores = dict(zip(legal, prior(state, legal)))
    best = max(scores, key=scores.get)
    assert best[0] == "good" and best[1] == R


def test_estimate_is_in_range_and_favours_the_longer_caravan():
    probe = new(2)
    a, b = far_cells(probe, [], 2)
    tail = next(y for y in NEIGHBOURS[a] if probe.board.layout.onboard[y])
    estimates = []
    for caravan, red in (([(a, "C")], 3), ([(tail, "R"), (a, "C")], 2)):  # one good laid, or still in reserve
        state = position(2, caravans=[caravan, [(b, "C")]], turn=1, reserves=[[3, 3, 3, red, 3, 7], [3, 3, 3, 3, 3, 7]])
        est = state.estimate()
        assert len(est) == 2 and all(0 <= x <= 1 for x in est) and sum(est) == pytest.approx(1.0)
        estimates.append(est[0])
    assert estimates[1] > estimates[0]


def test_the_projection_of_a_placement_ended_now_gives_its_length_and_camels_exactly():
    """Mid-placement leaves: ending with the camel at once grows the caravan by the omitted
    goods and brings back the camels among the counted pieces nearest the tail."""
    checked = 0
    for seed in range(6):
        state = new(2, seed)
        rng = random.Random(seed)
        while not state.is_over():
            legal = state.legal_actions()
            if CAMEL_A in legal and state.stage == PLACE and not state.bleft:
                p = state.turn
                length, _, camels = projected(state)[p]
                after = state.clone()
                after.apply(CAMEL_A, log=False)
                assert (length, camels) == (len(after.caravans[p]), after.res[p][5])
                checked += 1
            state.apply(rng.choice(legal), log=False)
    assert checked > 100


def test_a_seat_without_camels_is_worth_its_length_and_the_others_play_on():
    """A seat that can never place again is worth its caravan (its reserve only breaks ties);
    one that still plays keeps the worth of its reserve and its camels."""
    probe = new(2)
    a, b = far_cells(probe, [], 2)
    tails = [y for y in NEIGHBOURS[a] if probe.board.layout.onboard[y]]
    caravan = [(tails[0], "R"), (a, "C")]
    state = position(2, caravans=[caravan, [(b, "C")]], turn=1, reserves=[[3, 3, 3, 2, 3, 0], [3, 3, 3, 3, 3, 7]])
    dead, live = values(state)
    assert dead == pytest.approx(2 + 0.01 * 14)
    assert live > 1 + 5  # its length, plus reserve goods and camels worth several pieces
    assert state.estimate()[1] > 0.5
    # walled in: the other caravan holds every cell around the head
    hub = next(
        x
        for x in range(len(probe.blocked))
        if not probe.blocked[x] and all(not probe.blocked[x + STEP[d]] for d in range(6))
    )
    ring = [hub + STEP[d] for d in range(6)]
    state = position(
        2,
        caravans=[[(hub, "C")], [(y, "R") for y in ring[:5]] + [(ring[5], "C")]],
        turn=1,
        reserves=[[3, 3, 3, 3, 3, 7], [3, 3, 3, 0, 3, 7]],
    )
    assert not state.can_place(0) and values(state)[0] == pytest.approx(1 + 0.01 * 22)


def test_a_head_in_a_pocket_is_worth_no_more_than_the_cells_it_can_still_reach():
    """Every piece a seat lays from now on needs an open cell its head can reach: in a pocket
    (fewer than ``REGION`` such cells) its future is bounded by them."""
    pockets = 0
    for seed in range(8):
        state = new(2, seed)
        rng = random.Random(seed)
        while not state.is_over():
            if state.stage == STAND:
                vals = values(state)
                for p in range(2):
                    free = reach(state.blocked, state.caravans[p][-1][0], REGION)
                    if 0 < free < REGION and state.res[p][5]:
                        assert vals[p] <= len(state.caravans[p]) + PER_CELL * free + 1e-9
                        pockets += 1
            state.apply(rng.choice(state.legal_actions()), log=False)
    assert pockets > 0


def test_the_boards_foot_names_your_piece_mid_sentence_and_a_goods_colour_once():
    """The bug: "…purple Caravanserai, Your purple good (placing)" ran off the frame's foot; the
    possessive opened no sentence, and the colour of a good on a Caravanserai cell of its own
    colour was said twice."""
    from caravan_tui.games.caravanserai.looks import cell_caption
    from caravan_tui.games.caravanserai.picture import Picture
    from caravan_tui.games.caravanserai.rules import COLOURS as LETTERS
    from caravan_tui.games.caravanserai.table_state import CaravanseraiTable

    rng = random.Random(3)
    state = GAME.new(2, seed=3, options={})
    for _ in range(300):  # until seat 0 has a good on a Caravanserai cell of its colour
        view = state.view(0)
        picture = Picture(view)
        mine = [
            (cell, item)
            for cell, item in picture.items.items()
            if item[0] == 0 and item[1] in LETTERS and LETTERS.index(item[1]) == picture.cs.get(cell, -1)
        ]
        if mine:
            break
        state.apply(rng.choice(state.legal_actions()), log=False)
    else:
        raise AssertionError("no such position")
    table = CaravanseraiTable(seat=0, names=["Ann", "Bob"]).viewing(view, state)
    cell = mine[0][0]
    said = cell_caption(table, cell)
    assert ", your good" in said and "Your" not in said, said


def test_the_boards_foot_names_a_board_good_cell_of_the_hints_plan_whole_in_the_frames_50_columns():
    """The bug: "(1,-3) black Caravanserai, board good ★ hint step…" at 80×24 (the frame's
    foot holds 50 characters around its dashes)."""
    from caravan_tui.games.caravanserai.looks import cell_caption
    from caravan_tui.games.caravanserai.picture import Picture
    from caravan_tui.games.caravanserai.table_state import CaravanseraiTable

    state = GAME.new(2, seed=3, options={})
    view = state.view(0)
    picture = Picture(view)
    cells = sorted(picture.bgoods, key=lambda cell: -len(picture.describe_cell(cell, str)))
    table = CaravanseraiTable(seat=0, names=["Ann", "Bob"]).viewing(view, state)
    table = dataclasses.replace(table, hinted=("start", 0, 0), hint_cells=(cells[1], cells[0]))
    said = cell_caption(table, cells[0])  # (the longest caption of a board good here)
    assert said.endswith(" ★ step 2") and len(said) + 2 <= 50, said
    # a market good the plan stands after its pieces says so: numbered on, ➅→➆ read as the route
    stood = max(  # (the longest words of a cell a good may stand on)
        (cell for cell in picture.cells if cell not in picture.items and cell not in picture.bgoods),
        key=lambda cell: len(picture.describe_cell(cell, str)),
    )
    table = dataclasses.replace(table, hint_cells=(cells[0], stood), trail=(("stand", "black", *stood),))
    said = cell_caption(table, stood)
    assert said.endswith(" ★ step 2: good stood") and len(said) + 2 <= 50, said


def test_the_rules_pages_sample_turn_is_figure_8_with_its_figures():
    """The rules page told figure 8 with its first purple on a purple Caravanserai cell and came to
    a count of 3 where §6.4 (and the engine, above) gives 4: a reader checking it against the
    rulebook stumbled. It tells the rulebook's turn, with the engine's figures."""
    sample = " ".join(GAME.rules.split("## A sample turn", 1)[1].split("##", 1)[0].split())
    assert "**1 purple**" in sample and "**2 yellow**" in sample and "**3 purple**" in sample
    assert "the count is 7 − 3 = 4 (the single purple, the 2 yellows and the camel)" in sample
    assert "You take the 4 tail pieces back; your caravan is 3 pieces longer." in sample


def test_a_hint_whose_placement_ends_the_match_says_so_and_why():
    """Found in play: "leaves no camel and 9 goods in reserve: with no camel there is no
    placement, and your turns are skipped" stood over the last camel of the only seat that had
    one; the match ended at once (the safety end), said only by the question after the hint's
    play. A line that ends the match says so, and why, not that turns are skipped."""
    from caravan_tui.engine import render

    state, heading = last_camel_out()
    said = render(GAME.ai.explain(state, 0, [heading, CAMEL_A]), ["Ann", "Bob"], 0)
    assert said.endswith("leaves no camel and 17 goods in reserve; this ends the match (every player is out of camels)")
    assert "skipped" not in said, said


def test_a_start_hint_says_what_its_figures_count():
    """The bug: "6 open cells around, 4 from the middle" read as a riddle to a newcomer."""
    from caravan_tui.engine import render

    state = new(2)
    start = next(action for action in state.legal_actions() if action[0] == "start")
    said = render(GAME.ai.explain(state, 0, [start]), ["Ann", "Bob"], 0)
    assert re.search(r"; \d open cells? next to it for the caravan to go on; \d+ cells? from the centre of", said), said
