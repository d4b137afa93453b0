"""Maximum-weight matching on small integer graphs: networkx's blossom algorithm, minus the graph.

Why a copy rather than ``networkx.max_weight_matching``: a Swiss draw spends nearly all its time
in that function, and most of that in reading edge weights through networkx's graph views
(``G[v][w]`` builds view objects on every look-up) and in its final self-check. This is the same
algorithm, statement for statement and in the same order, from networkx 3.6.1
(``networkx/algorithms/matching.py``), reading the weights from plain lists instead. Ties between
equally good matchings are broken by the order in which vertices, neighbours and blossoms are
visited, so keeping every loop in networkx's order is what keeps every draw exactly as it was:

- vertices are ``0..count-1`` (networkx: the order the nodes were added),
- the neighbours of a vertex are visited in the order their edges were given
  (networkx: the order the edges were added),
- blossoms live in dicts in the order they were made, after the vertices, as in networkx.

Only networkx's ``verifyOptimum`` is left out: it asserts that the result is optimal and never
changes it. Weights must be integers (networkx then works in integers only, and so does this).

Copyright (c) 2004-2025, NetworkX Developers (Aric Hagberg, Dan Schult, Pieter Swart).
All rights reserved. Distributed under the 3-clause BSD license; see networkx's LICENSE.txt:
redistributions of the source must retain this notice, and the names of the NetworkX Developers
and its contributors may not be used to endorse or promote products derived from it without
specific prior written permission. THIS SOFTWARE IS PROVIDED BY THE COPYRIGHT HOLDERS AND
CONTRIBUTORS "AS IS" AND ANY EXPRESS OR IMPLIED WARRANTIES, INCLUDING, BUT NOT LIMITED TO, THE
IMPLIED WARRANTIES OF MERCHANTABILITY AND FITNESS FOR A PARTICULAR PURPOSE ARE DISCLAIMED. IN NO
EVENT SHALL THE COPYRIGHT OWNER OR CONTRIBUTORS BE LIABLE FOR ANY DIRECT, INDIRECT, INCIDENTAL,
SPECIAL, EXEMPLARY, OR CONSEQUENTIAL DAMAGES (INCLUDING, BUT NOT LIMITED TO, PROCUREMENT OF
SUBSTITUTE GOODS OR SERVICES; LOSS OF USE, DATA, OR PROFITS; OR BUSINESS INTERRUPTION) HOWEVER
CAUSED AND ON ANY THEORY OF LIABILITY, WHETHER IN CONTRACT, STRICT LIABILITY, OR TORT (INCLUDING
NEGLIGENCE OR OTHERWISE) ARISING IN ANY WAY OUT OF THE USE OF THIS SOFTWARE, EVEN IF ADVISED OF
THE POSSIBILITY OF SUCH DAMAGE.
"""

from __future__ import annotations

from collections.abc import Iterable


def max_weight_matching(
    count: int, edges: Iterable[tuple[int, int, int]], maxcardinality: bool = False
) -> list[tuple[int, int]]:
    """Maximum-weight matching of the graph on vertices ``0..count-1`` with ``edges`` (i, j, weight).

    Returns the matched pairs as sorted ``(low, high)`` tuples. With ``maxcardinality`` the
    matching has the most edges possible and, among those, the highest weight. Exactly the
    matching ``networkx.max_weight_matching`` returns for the graph built by adding nodes
    ``0..count-1`` and then ``edges`` in this order (no self-loops, no edge twice).
    """
    neighbours: list[list[int]] = [[] for _ in range(count)]
    weights: list[dict[int, int]] = [{} for _ in range(count)]
    maxweight = 0
    for i, j, wt in edges:
        if i == j or j in weights[i]:
            raise ValueError("No self-loops and no edge twice.")
        if type(wt) is not int:
            raise TypeError("Edge weights must be integers.")
        neighbours[i].append(j)
        neighbours[j].append(i)
        weights[i][j] = weights[j][i] = wt
        if wt > maxweight:
            maxweight = wt
    if not count:
        return []
    mate = _blossom(count, neighbours, weights, maxweight, maxcardinality)
    return sorted((v, w) for v, w in mate.items() if v < w)


class _NoNode:
    """Dummy value which is different from any node."""


class _Blossom:
    """Representation of a non-trivial blossom or sub-blossom."""

    __slots__ = ["childs", "edges", "mybestedges"]

    # b.childs is an ordered list of b's sub-blossoms, starting with
    # the base and going round the blossom.

    # b.edges is the list of b's connecting edges, such that
    # b.edges[i] = (v, w) where v is a vertex in b.childs[i]
    # and w is a vertex in b.childs[wrap(i+1)].

    # If b is a top-level S-blossom,
    # b.mybestedges is a list of least-slack edges to neighboring
    # S-blossoms, or None if no such list has been computed yet.
    # This is used for efficient computation of delta3.

    # Generate the blossom's leaf vertices.
    def leaves(self):
        stack = [*self.childs]
        while stack:
            t = stack.pop()
            if isinstance(t, _Blossom):
                stack.extend(t.childs)
            else:
                yield t


def _blossom(count, neighbours, weights, maxweight, maxcardinality):  # noqa: C901 - kept as networkx has it
    # Comments below are networkx's. "The algorithm is taken from "Efficient Algorithms for
    # Finding Maximum Matching in Graphs" by Zvi Galil, ACM Computing Surveys, 1986."
    NoNode = _NoNode
    Blossom = _Blossom
    gnodes = list(range(count))

    # If v is a matched vertex, mate[v] is its partner vertex.
    # If v is a single vertex, v does not occur as a key in mate.
    mate = {}

    # If b is a top-level blossom, label.get(b) is None if b is unlabeled (free),
    # 1 if b is an S-blossom, 2 if b is a T-blossom.
    label = {}

    # If b is a labeled top-level blossom, labeledge[b] = (v, w) is the edge through which b
    # obtained its label such that w is a vertex in b, or None if b's base vertex is single.
    labeledge = {}

    # If v is a vertex, inblossom[v] is the top-level blossom to which v belongs.
    inblossom = list(gnodes)

    # If b is a sub-blossom, blossomparent[b] is its immediate parent (sub-)blossom.
    # If b is a top-level blossom, blossomparent[b] is None.
    blossomparent = dict.fromkeys(gnodes)

    # If b is a (sub-)blossom, blossombase[b] is its base VERTEX (i.e. recursive sub-blossom).
    blossombase = dict(zip(gnodes, gnodes))

    # bestedge[w] = (v, w) is the least-slack edge from an S-vertex (or to a different
    # S-blossom for a top-level S-blossom), or None if there is no such edge.
    bestedge = {}

    # dualvar[v] = 2 * u(v) where u(v) is the v's variable in the dual optimization problem.
    dualvar = [maxweight] * count

    # If b is a non-trivial blossom, blossomdual[b] = z(b).
    blossomdual = {}

    # If v * count + w is in allowedge, then the edge (v, w) is known to have zero slack in the
    # optimization problem (networkx: (v, w) and (w, v) in a dict; only membership is ever asked).
    allowedge = set()

    def allow(v, w):
        allowedge.add(v * count + w)
        allowedge.add(w * count + v)

    # Queue of newly discovered S-vertices.
    queue = []

    # Return 2 * slack of edge (v, w) (does not work inside blossoms).
    def slack(v, w):
        return dualvar[v] + dualvar[w] - 2 * weights[v][w]

    # Assign label t to the top-level blossom containing vertex w,
    # coming through an edge from vertex v.
    def assignLabel(w, t, v):
        b = inblossom[w]
        assert label.get(w) is None and label.get(b) is None
        label[w] = label[b] = t
        if v is not None:
            labeledge[w] = labeledge[b] = (v, w)
        else:
            labeledge[w] = labeledge[b] = None
        bestedge[w] = bestedge[b] = None
        if t == 1:
            # b became an S-vertex/blossom; add it(s vertices) to the queue.
            if isinstance(b, Blossom):
                queue.extend(b.leaves())
            else:
                queue.append(b)
        elif t == 2:
            # b became a T-vertex/blossom; assign label S to its mate.
            base = blossombase[b]
            assignLabel(mate[base], 1, base)

    # Trace back from vertices v and w to discover either a new blossom
    # or an augmenting path. Return the base vertex of the new blossom,
    # or NoNode if an augmenting path was found.
    def scanBlossom(v, w):
        path = []
        base = NoNode
        while v is not NoNode:
            # Look for a breadcrumb in v's blossom or put a new breadcrumb.
            b = inblossom[v]
            if label[b] & 4:
                base = blossombase[b]
                break
            assert label[b] == 1
            path.append(b)
            label[b] = 5
            # Trace one step back.
            if labeledge[b] is None:
                # The base of blossom b is single; stop tracing this path.
                assert blossombase[b] not in mate
                v = NoNode
            else:
                assert labeledge[b][0] == mate[blossombase[b]]
                v = labeledge[b][0]
                b = inblossom[v]
                assert label[b] == 2
                # b is a T-blossom; trace one more step back.
                v = labeledge[b][0]
            # Swap v and w so that we alternate between both paths.
            if w is not NoNode:
                v, w = w, v
        # Remove breadcrumbs.
        for b in path:
            label[b] = 1
        return base

    # Construct a new blossom with given base, through S-vertices v and w.
    def addBlossom(base, v, w):
        bb = inblossom[base]
        bv = inblossom[v]
        bw = inblossom[w]
        b = Blossom()
        blossombase[b] = base
        blossomparent[b] = None
        blossomparent[bb] = b
        b.childs = path = []
        b.edges = edgs = [(v, w)]
        # Trace back from v to base.
        while bv != bb:
            blossomparent[bv] = b
            path.append(bv)
            edgs.append(labeledge[bv])
            assert label[bv] == 2 or (
                label[bv] == 1 and labeledge[bv][0] == mate[blossombase[bv]]
            )
            v = labeledge[bv][0]
            bv = inblossom[v]
        path.append(bb)
        path.reverse()
        edgs.reverse()
        # Trace back from w to base.
        while bw != bb:
            blossomparent[bw] = b
            path.append(bw)
            edgs.append((labeledge[bw][1], labeledge[bw][0]))
            assert label[bw] == 2 or (
                label[bw] == 1 and labeledge[bw][0] == mate[blossombase[bw]]
            )
            w = labeledge[bw][0]
            bw = inblossom[w]
        assert label[bb] == 1
        label[b] = 1
        labeledge[b] = labeledge[bb]
        blossomdual[b] = 0
        # Relabel vertices.
        for v in b.leaves():
            if label[inblossom[v]] == 2:
                queue.append(v)
            inblossom[v] = b
        # Compute b.mybestedges.
        bestedgeto = {}
        for bv in path:
            if isinstance(bv, Blossom):
                if bv.mybestedges is not None:
                    nblist = bv.mybestedges
                    bv.mybestedges = None
                else:
                    nblist = [(v, w) for v in bv.leaves() for w in neighbours[v] if v != w]
            else:
                nblist = [(bv, w) for w in neighbours[bv] if bv != w]
            for k in nblist:
                (i, j) = k
                if inblossom[j] == b:
                    i, j = j, i
                bj = inblossom[j]
                if (
                    bj != b
                    and label.get(bj) == 1
                    and ((bj not in bestedgeto) or slack(i, j) < slack(*bestedgeto[bj]))
                ):
                    bestedgeto[bj] = k
            bestedge[bv] = None
        b.mybestedges = list(bestedgeto.values())
        # Select bestedge[b].
        mybestedge = None
        bestedge[b] = None
        for k in b.mybestedges:
            kslack = slack(*k)
            if mybestedge is None or kslack < mybestslack:
                mybestedge = k
                mybestslack = kslack
        bestedge[b] = mybestedge

    # Expand the given top-level blossom (trampolined recursion, as in networkx).
    def expandBlossom(b, endstage):
        def _recurse(b, endstage):
            for s in b.childs:
                blossomparent[s] = None
                if isinstance(s, Blossom):
                    if endstage and blossomdual[s] == 0:
                        yield s
                    else:
                        for v in s.leaves():
                            inblossom[v] = s
                else:
                    inblossom[s] = s
            # If we expand a T-blossom during a stage, its sub-blossoms must be relabeled.
            if (not endstage) and label.get(b) == 2:
                entrychild = inblossom[labeledge[b][1]]
                j = b.childs.index(entrychild)
                if j & 1:
                    j -= len(b.childs)
                    jstep = 1
                else:
                    jstep = -1
                v, w = labeledge[b]
                while j != 0:
                    if jstep == 1:
                        p, q = b.edges[j]
                    else:
                        q, p = b.edges[j - 1]
                    label[w] = None
                    label[q] = None
                    assignLabel(w, 2, v)
                    allow(p, q)
                    j += jstep
                    if jstep == 1:
                        v, w = b.edges[j]
                    else:
                        w, v = b.edges[j - 1]
                    allow(v, w)
                    j += jstep
                bw = b.childs[j]
                label[w] = label[bw] = 2
                labeledge[w] = labeledge[bw] = (v, w)
                bestedge[bw] = None
                j += jstep
                while b.childs[j] != entrychild:
                    bv = b.childs[j]
                    if label.get(bv) == 1:
                        j += jstep
                        continue
                    if isinstance(bv, Blossom):
                        for v in bv.leaves():
                            if label.get(v):
                                break
                    else:
                        v = bv
                    if label.get(v):
                        assert label[v] == 2
                        assert inblossom[v] == bv
                        label[v] = None
                        label[mate[blossombase[bv]]] = None
                        assignLabel(v, 2, labeledge[v][0])
                    j += jstep
            # Remove the expanded blossom entirely.
            label.pop(b, None)
            labeledge.pop(b, None)
            bestedge.pop(b, None)
            del blossomparent[b]
            del blossombase[b]
            del blossomdual[b]

        stack = [_recurse(b, endstage)]
        while stack:
            top = stack[-1]
            for s in top:
                stack.append(_recurse(s, endstage))
                break
            else:
                stack.pop()

    # Swap matched/unmatched edges over an alternating path through blossom b
    # between vertex v and the base vertex.
    def augmentBlossom(b, v):
        def _recurse(b, v):
            t = v
            while blossomparent[t] != b:
                t = blossomparent[t]
            if isinstance(t, Blossom):
                yield (t, v)
            i = j = b.childs.index(t)
            if i & 1:
                j -= len(b.childs)
                jstep = 1
            else:
                jstep = -1
            while j != 0:
                j += jstep
                t = b.childs[j]
                if jstep == 1:
                    w, x = b.edges[j]
                else:
                    x, w = b.edges[j - 1]
                if isinstance(t, Blossom):
                    yield (t, w)
                j += jstep
                t = b.childs[j]
                if isinstance(t, Blossom):
                    yield (t, x)
                mate[w] = x
                mate[x] = w
            b.childs = b.childs[i:] + b.childs[:i]
            b.edges = b.edges[i:] + b.edges[:i]
            blossombase[b] = blossombase[b.childs[0]]
            assert blossombase[b] == v

        stack = [_recurse(b, v)]
        while stack:
            top = stack[-1]
            for args in top:
                stack.append(_recurse(*args))
                break
            else:
                stack.pop()

    # Swap matched/unmatched edges over an alternating path between two
    # single vertices. The augmenting path runs through S-vertices v and w.
    def augmentMatching(v, w):
        for s, j in ((v, w), (w, v)):
            while 1:
                bs = inblossom[s]
                assert label[bs] == 1
                assert (labeledge[bs] is None and blossombase[bs] not in mate) or (
                    labeledge[bs][0] == mate[blossombase[bs]]
                )
                if isinstance(bs, Blossom):
                    augmentBlossom(bs, s)
                mate[s] = j
                if labeledge[bs] is None:
                    break
                t = labeledge[bs][0]
                bt = inblossom[t]
                assert label[bt] == 2
                s, j = labeledge[bt]
                assert blossombase[bt] == t
                if isinstance(bt, Blossom):
                    augmentBlossom(bt, j)
                mate[j] = s

    # Main loop: continue until no further improvement is possible.
    while 1:
        # Each iteration of this loop is a "stage".
        label.clear()
        labeledge.clear()
        bestedge.clear()
        for b in blossomdual:
            b.mybestedges = None
        allowedge.clear()
        queue[:] = []

        # Label single blossoms/vertices with S and put them in the queue.
        for v in gnodes:
            if (v not in mate) and label.get(inblossom[v]) is None:
                assignLabel(v, 1, None)

        augmented = 0
        while 1:
            # Each iteration of this loop is a "substage".
            while queue and not augmented:
                v = queue.pop()
                assert label[inblossom[v]] == 1
                # Scan its neighbors (the dual variables do not change while scanning; label.get(bw)
                # is read once per neighbour where networkx reads it up to three times in a row).
                dual_v = dualvar[v]
                weights_v = weights[v]
                key_v = v * count
                for w in neighbours[v]:
                    bv = inblossom[v]
                    bw = inblossom[w]
                    if bv == bw:
                        continue
                    allowed = key_v + w in allowedge
                    if not allowed:
                        kslack = dual_v + dualvar[w] - 2 * weights_v[w]
                        if kslack <= 0:
                            allow(v, w)
                            allowed = True
                    label_bw = label.get(bw)
                    if allowed:
                        if label_bw is None:
                            # (C1) w is a free vertex.
                            assignLabel(w, 2, v)
                        elif label_bw == 1:
                            # (C2) w is an S-vertex (not in the same blossom).
                            base = scanBlossom(v, w)
                            if base is not NoNode:
                                addBlossom(base, v, w)
                            else:
                                augmentMatching(v, w)
                                augmented = 1
                                break
                        elif label.get(w) is None:
                            # w is inside a T-blossom, but w itself has not yet been reached.
                            assert label[bw] == 2
                            label[w] = 2
                            labeledge[w] = (v, w)
                    elif label_bw == 1:
                        best = bestedge.get(bv)
                        if best is None or kslack < (
                            dualvar[best[0]] + dualvar[best[1]] - 2 * weights[best[0]][best[1]]
                        ):
                            bestedge[bv] = (v, w)
                    elif label.get(w) is None:
                        best = bestedge.get(w)
                        if best is None or kslack < (
                            dualvar[best[0]] + dualvar[best[1]] - 2 * weights[best[0]][best[1]]
                        ):
                            bestedge[w] = (v, w)

            if augmented:
                break

            # There is no augmenting path under these constraints;
            # compute delta and reduce slack in the optimization problem.
            deltatype = -1
            delta = deltaedge = deltablossom = None

            # Compute delta1: the minimum value of any vertex dual.
            if not maxcardinality:
                deltatype = 1
                delta = min(dualvar)

            # Compute delta2: the minimum slack on any edge between an S-vertex and a free vertex.
            for v in gnodes:
                if label.get(inblossom[v]) is None and bestedge.get(v) is not None:
                    d = slack(*bestedge[v])
                    if deltatype == -1 or d < delta:
                        delta = d
                        deltatype = 2
                        deltaedge = bestedge[v]

            # Compute delta3: half the minimum slack on any edge between a pair of S-blossoms.
            for b in blossomparent:
                if (
                    blossomparent[b] is None
                    and label.get(b) == 1
                    and bestedge.get(b) is not None
                ):
                    kslack = slack(*bestedge[b])
                    assert (kslack % 2) == 0
                    d = kslack // 2
                    if deltatype == -1 or d < delta:
                        delta = d
                        deltatype = 3
                        deltaedge = bestedge[b]

            # Compute delta4: minimum z variable of any T-blossom.
            for b in blossomdual:
                if (
                    blossomparent[b] is None
                    and label.get(b) == 2
                    and (deltatype == -1 or blossomdual[b] < delta)
                ):
                    delta = blossomdual[b]
                    deltatype = 4
                    deltablossom = b

            if deltatype == -1:
                # No further improvement possible; max-cardinality optimum reached.
                assert maxcardinality
                deltatype = 1
                delta = max(0, min(dualvar))

            # Update dual variables according to delta.
            for v in gnodes:
                if label.get(inblossom[v]) == 1:
                    dualvar[v] -= delta
                elif label.get(inblossom[v]) == 2:
                    dualvar[v] += delta
            for b in blossomdual:
                if blossomparent[b] is None:
                    if label.get(b) == 1:
                        blossomdual[b] += delta
                    elif label.get(b) == 2:
                        blossomdual[b] -= delta

            # Take action at the point where minimum delta occurred.
            if deltatype == 1:
                break
            elif deltatype == 2:
                (v, w) = deltaedge
                assert label[inblossom[v]] == 1
                allow(v, w)
                queue.append(v)
            elif deltatype == 3:
                (v, w) = deltaedge
                allow(v, w)
                assert label[inblossom[v]] == 1
                queue.append(v)
            elif deltatype == 4:
                expandBlossom(deltablossom, False)

        # Paranoia check that the matching is symmetric.
        for v in mate:
            assert mate[mate[v]] == v

        if not augmented:
            break

        # End of a stage; expand all S-blossoms which have zero dual.
        for b in list(blossomdual.keys()):
            if b not in blossomdual:
                continue
            if blossomparent[b] is None and label.get(b) == 1 and blossomdual[b] == 0:
                expandBlossom(b, True)

    return mate
