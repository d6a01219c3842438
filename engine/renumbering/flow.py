"""The flow networks the search asks its questions of, on networkx.

Pairs flow from the source through their class (and group) to the seats they may take
and on to the sink: the largest flow says whether everyone can be seated, the cheapest
largest flow where each goes, keeping most. The networks are small and built afresh for
each question, so a node is named by what it stands for (``("kind", k)``, ``("seat", s)``).
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import networkx as nx

Node = Hashable
Edge = tuple[Node, Node]

SOURCE: Node = "source"
SINK: Node = "sink"


class Network:
    """A flow network from :data:`SOURCE` to :data:`SINK`; an edge without a capacity is
    unlimited, and costs nothing unless given a cost."""

    def __init__(self) -> None:
        # Imported here, when a renumbering is worked out: networkx takes a fifth of a
        # second to import, which every other command would pay for nothing.
        import networkx as nx
        from networkx.algorithms.flow import edmonds_karp

        self.graph: nx.DiGraph[Node] = nx.DiGraph()
        self.graph.add_nodes_from((SOURCE, SINK))
        self._largest = nx.maximum_flow_value
        # Edmonds–Karp: the networks are a few dozen edges with small capacities, where
        # the default preflow-push spends more on setting up than on pushing (a third more
        # time over a search).
        self._augmenting = edmonds_karp
        self._cheapest = nx.max_flow_min_cost
        self.flows: dict[Node, dict[Node, int]] = {}

    def edge(self, a: Node, b: Node, capacity: int | None = None, cost: int = 0) -> Edge:
        """Add the edge ``a → b``. The same unlimited edge may be asked for again (several
        classes of pairs reach a group of seats the same way); a limited one only once."""
        if self.graph.has_edge(a, b):
            known = self.graph.edges[a, b]
            assert capacity is None and "capacity" not in known, f"{a} → {b} twice"
            assert known["weight"] == cost, f"{a} → {b} at two costs"
        elif capacity is None:
            self.graph.add_edge(a, b, weight=cost)
        else:
            self.graph.add_edge(a, b, weight=cost, capacity=capacity)
        return (a, b)

    def max_flow(self) -> int:
        """The largest flow from the source to the sink."""
        return int(self._largest(self.graph, SOURCE, SINK, flow_func=self._augmenting))

    def cheapest_max_flow(self) -> int:
        """The cheapest of the largest flows, kept for :meth:`flow_on`; returns the flow."""
        self.flows = self._cheapest(self.graph, SOURCE, SINK)
        return sum(self.flows[SOURCE].values())

    def flow_on(self, edge: Edge) -> int:
        """The flow :meth:`cheapest_max_flow` sends along ``edge``."""
        a, b = edge
        return self.flows[a][b]
