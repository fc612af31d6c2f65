"""Entities without an LLM: the linker that files what writepath/mentions.py finds.

"Who"/"what" questions need episodes linked to the people and things they mention,
and that has to work offline, on the slow path, for every turn. So mentions are
found by pattern (capitalised names, @handles, e-mails, URLs, dates, #tags), which
is cheap and predictable; the nightly LLM pass later fixes types and merges aliases.

A capitalised word that opens a sentence is usually just a capitalised word
("Thanks", "Maybe"), so such a word only counts when it is already a known entity.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from dataclasses import replace

from ..core.records import EdgeDraft, Entity, Node, name_key
from ..core.scope import using_view, view_of_scope, write_scope
from ..store.interface import Store
from ..toolkit.entity_edits import edit_guards
from .asides import join_asides
from .full_names import join_full_names, vouched_given_names
from .in_laws import file_in_law
from .inflections import join_case_forms
from .kin_names import join_kin
from .kin_of import file_kin_of
from .lower_names import lower_case_people
from .mention import Mention
from .mentions import extract_mentions
from .name_forms import join_name_forms
from .nicknames import join_people, vouched_pet_forms
from .oblique import ObliqueNamer
from .owners import owners_in
from .patronymics import join_patronymics
from .relations import file_relation, guess_fits
from .short_things import ShortThings
from .surnames import join_surnames
from .twins import join_twins

__all__ = ["EntityLinker", "Mention", "extract_mentions"]


class EntityLinker:
    """Files mentions as entities and links nodes to them (through the writer).

    Each node that mentions an entity also gets an `entity` edge to the few most
    recent other nodes of that entity, which keeps the graph connected without
    the quadratic cost of linking every pair.
    """

    def __init__(self, storage: Store, *, recent_links: int = 3) -> None:
        self._storage = storage
        self._recent_links = recent_links
        self._obliques = ObliqueNamer()  # "в Вену" is Вена when "Vienna" is known
        self._things = ShortThings()  # "the Corolla" after "a Toyota Corolla"

    async def link_text(self, node_id: int, text: str) -> list[Entity]:
        mentions = extract_mentions(text)
        entities = await self.link(node_id, mentions)
        linked = {e.id for e in entities}
        owners = [o for o in await owners_in(self._storage, text) if o.id not in linked]
        (small,) = await lower_case_people(self._storage, [text])  # "doreen"
        owners += [p for p in small.values() if p.id not in linked]
        await self.link_entities(node_id, owners)  # «бабушкина кошка»: grandma's
        entity_of = {name_key(e.name): e for e in entities}
        await join_asides(self._storage, text, entity_of)  # "Misha (Mikhail)"
        await self._file_in_laws(mentions, entity_of)
        return list({e.id: e for e in [*entity_of.values(), *owners]}.values())

    def names_in(self, text: str) -> set[str]:
        """The names `text` mentions, folded: what a corrected fact is about."""
        return {
            name_key(m.name) for m in extract_mentions(text) if not m.sentence_start
        }

    async def link(self, node_id: int, mentions: Sequence[Mention]) -> list[Entity]:
        """Resolve or create each mention's entity and link `node_id` to it."""
        entities: list[Entity] = []
        deleted, split = await edit_guards(self._storage, write_scope())
        for mention in _filed(mentions):
            known = await self._storage.entities.find_entity(mention.name)
            opening = [mention.name] if mention.sentence_start and not known else []
            if (opening and not await self._vouched(opening, [])) or (
                known is None and name_key(mention.name) in deleted
            ):
                continue
            entity = await self._storage.entities.upsert_entity(
                mention.name, type=mention.type, mentions=0
            )
            await self._learn(entity, mention)
            if known is None:
                moved = await self._join_new(entity, deleted, split)
                entity = moved.get(entity.id, entity)
                # "Леной" earlier in this text may have just joined "Лена",
                # "Дима" just joined "Дмитрий"
                entities = [moved.get(e.id, e) for e in entities]
            if all(e.id != entity.id for e in entities):
                entities.append(entity)
        await self.link_entities(node_id, entities)
        return entities

    async def _join_new(
        self, entity: Entity, deleted: set[str], split: set[str]
    ) -> dict[int, Entity]:
        """Join a newly filed entity to the one it is another form of; the
        entity each id touched is now (an earlier one may have been merged
        into it)."""
        guarded = deleted | split
        moved: dict[int, Entity] = {}

        def follow(step: dict[int, Entity]) -> Entity:
            for old, now in moved.items():
                moved[old] = step.get(now.id, now)
            moved.update(step)
            return moved.get(entity.id, entity)

        entity = follow(await join_people(self._storage, [entity], split))
        entity = follow(await join_case_forms(self._storage, [entity], guarded))
        entity = follow(await self._join_twins([entity], guarded))
        # "Alex" is «Саша»
        entity = follow(await join_name_forms(self._storage, [entity], guarded))
        entity = follow(await join_kin(self._storage, [entity], guarded))  # Mum
        # «Зоя Михайловна» is Зоя
        entity = follow(await join_patronymics(self._storage, [entity], guarded))
        entity = follow(await join_surnames(self._storage, [entity], guarded))
        # "Maura" is Maura Keane, «Мора Кин»
        entity = follow(await join_full_names(self._storage, [entity], guarded))
        await self._obliques(self._storage, [entity], guarded)
        follow(await self._things.join(self._storage, [entity], split))
        return moved

    async def _learn(self, entity: Entity, mention: Mention) -> Entity | None:
        """A person seen as a person, a pet as a pet ("my dog Max" wins over
        the given name's guess), a place as a place, and a relation are kept;
        returns `entity` when it has just become a person."""
        retype = (mention.type in ("person", "place") and entity.type == "concept") or (
            mention.type == "pet" and entity.type in ("concept", "person")
        )
        if retype:
            await self._storage.entities.update_entity(entity.id, type=mention.type)
        await self._file_relation(entity, mention)
        if retype and mention.type == "person":
            return replace(entity, type="person")
        return None

    async def _file_relation(self, entity: Entity, mention: Mention) -> None:
        if mention.tentative and not await guess_fits(
            self._storage, entity, mention.relation
        ):
            return  # «Мише четырнадцать» after «мой сын Миша»: the son stays
        await file_relation(
            self._storage, entity, mention.relation, replaces=mention.replaces
        )

    async def _file_in_laws(
        self, mentions: Sequence[Mention], entity_of: dict[str, Entity]
    ) -> None:
        """ "Tomek's mum Halina" once Tomek is the husband: after the batch's
        joins, so the owner's nickname and relation are known."""
        for mention in mentions:
            entity = entity_of.get(name_key(mention.name))
            if mention.of and entity is not None:
                await file_in_law(self._storage, entity, mention.of)
                await file_kin_of(self._storage, entity, mention.of)

    async def _vouched(self, opening: list[str], people: list[str]) -> set[str]:
        """The opening names a person's name in the other script or a thing's
        full name makes known."""
        twins = await self._obliques.vouched(self._storage, opening, people)
        echoed = await self._obliques.vouched_things(self._storage, opening)
        given = await vouched_given_names(self._storage, opening)  # "Maura …"
        given |= await vouched_pet_forms(self._storage, opening)  # «Заринка …»
        return (
            twins | echoed | given | await self._things.vouched(self._storage, opening)
        )

    async def _join_twins(
        self, fresh: Sequence[Entity], guarded: Collection[str]
    ) -> dict[int, Entity]:
        """One name in two scripts is one entity (writepath/twins.py)."""
        names = await self._obliques.index(self._storage)
        return await join_twins(self._storage, fresh, names, guarded)

    async def link_entities(self, node_id: int, entities: Sequence[Entity]) -> None:
        """Link a node to already resolved entities and to their recent nodes."""
        if not entities:
            return
        await self._storage.entities.link_entities([(node_id, e.id) for e in entities])
        edges: list[EdgeDraft] = []
        for entity in entities:
            recent = await self._storage.entities.nodes_of_entity(
                entity.id, limit=self._recent_links + 1
            )
            for other in recent:
                if other.id != node_id:
                    low, high = sorted((other.id, node_id))
                    edges.append(EdgeDraft(low, high, "entity", predicate=entity.name))
        await self._storage.graph.add_edges(edges[: self._recent_links * len(entities)])

    async def on_episodes(self, nodes: Sequence[Node]) -> None:
        """Indexer hook: link freshly stored episodes to what they mention.

        The whole batch at once: one transaction for the entities, one for the
        links, one for the edges, one recent-nodes read per entity (per node
        and mention it was ~120 episodes/s at 100k nodes). As in `link`, a
        sentence's first name counts only when known (or in the batch)."""
        by_scope: dict[str, list[Node]] = {}
        # in the order they were said: `_link_batch` walks them so
        for node in sorted(nodes, key=lambda n: n.id):
            by_scope.setdefault(node.scope, []).append(node)
        for scope, group in by_scope.items():
            # each to the entities of its own scope
            with using_view(view_of_scope(scope)):
                await self._link_nodes(group)

    async def _link_nodes(self, nodes: Sequence[Node]) -> None:
        found = [(node, _filed(extract_mentions(node.content))) for node in nodes]
        entity_of = await self._resolve([m for _, ms in found for m in ms])
        for node in nodes:  # "Misha (well, Mikhail on paper)": one person
            await join_asides(self._storage, node.content, entity_of)
        if any("(" in node.content for node in nodes):
            await self._known_by_asides(found, entity_of)
        await self._file_in_laws([m for _, ms in found for m in ms], entity_of)
        linked: list[tuple[Node, list[Entity]]] = []
        # "doreen took in our parcel": a known person's name written small
        small = await lower_case_people(self._storage, [n.content for n in nodes])
        for (node, mentions), named_small in zip(found, small, strict=True):
            entities: dict[int, Entity] = {}
            for mention in mentions:
                entity = entity_of.get(name_key(mention.name))
                if entity is not None:
                    entities.setdefault(entity.id, entity)
            for owner in await owners_in(self._storage, node.content):
                entities.setdefault(owner.id, owner)  # «бабушкина кошка»
            for person in named_small.values():
                entities.setdefault(person.id, person)
            if entities:
                linked.append((node, list(entities.values())))
        await self._link_batch(linked)

    async def _known_by_asides(
        self,
        found: Sequence[tuple[Node, Sequence[Mention]]],
        entity_of: dict[str, Entity],
    ) -> None:
        """A sentence's first name an aside of the batch has just made known
        («Тимур (Тимыч)», then «Тимыч весь вечер…») is that person's too."""
        missing = {
            name_key(m.name)
            for _, mentions in found
            for m in mentions
            if name_key(m.name) not in entity_of
        }
        if not missing:
            return
        for entity in await self._storage.entities.entities_by_keys(list(missing)):
            for name in (entity.name, *entity.aliases):
                if name_key(name) in missing:
                    entity_of[name_key(name)] = entity

    async def _resolve(self, mentions: Sequence[Mention]) -> dict[str, Entity]:
        """Entity by name key for the mentions worth filing, created if new."""
        first: dict[str, Mention] = {}
        for mention in mentions:
            key = name_key(mention.name)
            kept = first.get(key)
            # a mention inside a sentence counts; "my dog Max" wins over the
            # given name's guess whichever comes first
            if kept is None or kept.sentence_start or _over(mention, kept):
                first[key] = mention
        deleted, split = await edit_guards(self._storage, write_scope())
        known = set()  # keys already filed, in one read
        for entity in await self._storage.entities.entities_by_keys(list(first)):
            known |= {name_key(n) for n in (entity.name, *entity.aliases)}
        # a name opening a sentence (or «Катя»'s "Katya") or deleted: when known
        opening = [m.name for m in first.values() if m.sentence_start]
        people = [m.name for m in first.values() if m.type == "person"]
        vouched = await self._obliques.vouched(self._storage, opening, people)
        vouched |= await vouched_given_names(self._storage, opening, people)
        vouched |= await vouched_pet_forms(self._storage, opening, people)  # «Заринка»
        concepts = [m.name for m in first.values() if m.type == "concept"]
        shortened = await self._things.vouched(self._storage, opening, concepts)
        inside = [m.name for m in first.values() if not m.sentence_start]
        echoed = await self._obliques.vouched_things(self._storage, opening, inside)
        trusted = known | ((vouched | shortened | echoed) - deleted)
        wanted = [
            (key, m)
            for key, m in first.items()
            if key in trusted or not (m.sentence_start or key in deleted)
        ]
        entities = await self._storage.entities.upsert_entities(
            [(m.name, "person" if key in vouched else m.type) for key, m in wanted]
        )
        resolved: dict[str, Entity] = {}
        # filed before as a concept, a person from now on: a person is also
        # heard by the readings of its name (Geoff as «Джефф», filed apart
        # while both were concepts), so it meets its twin again
        became: list[Entity] = []
        for (key, mention), entity in zip(wanted, entities, strict=True):
            person = await self._learn(entity, mention)  # writes only when it learns
            if person is not None and key in known:
                became.append(person)
            resolved[key] = entity
        new = [e for key, e in resolved.items() if key not in known]
        joined = await join_people(self._storage, new, split)
        now = {key: joined.get(e.id, e) for key, e in resolved.items()}
        fresh = {e.id: e for key, e in now.items() if key not in known}
        guarded = deleted | split
        cased = await join_case_forms(self._storage, list(fresh.values()), guarded)
        # names joined into one entity are listed once from here: a join
        # after would merge it away, then meet its dropped id again
        filed = _once(cased.get(i, e) for i, e in fresh.items())
        # "Dima" and «Дима»
        twinned = await self._join_twins(_once([*filed, *became]), guarded)
        filed = _once(twinned.get(e.id, e) for e in filed)
        named = await join_name_forms(self._storage, filed, guarded)  # "Alex", «Саша»
        filed = _once(named.get(e.id, e) for e in filed)
        kin = await join_kin(self._storage, filed, guarded)  # "Mum", «Мама»
        filed = _once(kin.get(e.id, e) for e in filed)
        fathered = await join_patronymics(self._storage, filed, guarded)
        filed = _once(fathered.get(e.id, e) for e in filed)
        titled = await join_surnames(self._storage, filed, guarded)  # "Dr. Lopes"
        filed = _once(titled.get(e.id, e) for e in filed)
        full = await join_full_names(self._storage, filed, guarded)  # «Мора Кин»
        filed = _once(full.get(e.id, e) for e in filed)
        await self._obliques(self._storage, filed, guarded)
        things = await self._things.join(self._storage, filed, split)  # "Corolla"
        now = {key: cased.get(e.id, e) for key, e in now.items()}
        now = {key: twinned.get(e.id, e) for key, e in now.items()}
        now = {key: named.get(e.id, e) for key, e in now.items()}
        now = {key: kin.get(e.id, e) for key, e in now.items()}
        now = {key: fathered.get(e.id, e) for key, e in now.items()}
        now = {key: titled.get(e.id, e) for key, e in now.items()}
        now = {key: full.get(e.id, e) for key, e in now.items()}
        return {key: things.get(e.id, e) for key, e in now.items()}

    async def _link_batch(self, linked: Sequence[tuple[Node, list[Entity]]]) -> None:
        """What `link_entities` does per node, for many nodes: the entity edges
        go to each entity's newest nodes linked before the node (newest by id,
        an index seek, where `link_entities` orders by event time: the same
        unless older turns are imported after newer ones). Those are the
        newest stored before the batch, merged with the batch's own earlier
        nodes as the batch is walked."""
        pairs = [(node.id, e.id) for node, es in linked for e in es]
        if not pairs:
            return
        await self._storage.entities.link_entities(pairs)
        keep = self._recent_links + 1
        newest = await self._storage.entities.newest_linked(
            list(dict.fromkeys(e for _, e in pairs)),
            limit=keep,
            excluding=[node.id for node, _ in linked],
        )
        edges: list[EdgeDraft] = []
        for node, entities in linked:
            mine: list[EdgeDraft] = []
            for entity in entities:
                # this entity's newest nodes up to and including this one
                recent = sorted([*newest.get(entity.id, []), node.id], reverse=True)
                newest[entity.id] = recent = recent[:keep]
                for other in recent:
                    if other != node.id:
                        low, high = sorted((other, node.id))
                        mine.append(
                            EdgeDraft(low, high, "entity", predicate=entity.name)
                        )
            edges += mine[: self._recent_links * len(entities)]
        await self._storage.graph.add_edges(edges)


def _once(entities: Iterable[Entity]) -> list[Entity]:
    """Each entity once, in the order first seen."""
    return list({e.id: e for e in entities}.values())


def _filed(mentions: Sequence[Mention]) -> list[Mention]:
    """The mentions worth an entity: a date ("June 12") is the node's time."""
    return [m for m in mentions if m.kind != "date"]


def _over(mention: Mention, kept: Mention) -> bool:
    """The mention tells more than the one kept: "my dog Max" over "Max",
    "my wife Lena" later in the batch than a plain "Lena", "Tomasz moved"
    or "moved to Vienna" over a plain "with Tomasz", "in Vienna"."""
    if mention.relation and not kept.relation:
        return True
    if mention.sentence_start:
        return False
    if mention.type == "pet":
        return kept.type != "pet"
    return kept.type == "concept" and mention.type in ("person", "place")
