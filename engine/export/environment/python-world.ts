/**
 * The generated package's `world.py`: the mock world, seeded per task with its world state and scheduled faults.
 * Python source kept verbatim (compiled by `python3 -m py_compile` in the tests).
 */
export const PYTHON_WORLD = String.raw`"""The mock world an exported environment answers tool calls with: seeded per task, no network."""

from __future__ import annotations

import hashlib
import json
import re
from typing import Any

EXISTS_SHARE = 0.7
SEARCH_HITS = (1, 6)

READ_VERB = re.compile(r"^(get|read|list|inspect|search|fetch|find|show|describe|lookup|look_up|view|check|query)", re.I)
LIST_VERB = re.compile(r"^(list|search|find|query)", re.I)
CREATE_VERB = re.compile(r"^(create|generate|write|add|upload|insert|make|post|new|book|open|submit)", re.I)
DELETE_VERB = re.compile(r"^(delete|remove|drop|destroy)", re.I)
REFERENCE_KEY = re.compile(r"^id$|_id$|^ref$|^key$|^number$|^sku$|^asin$", re.I)
# Ids written in tool descriptions ("Orders on file: A1001, A1002") exist, as in the app's own world.
KNOWN_ID = re.compile(r"\b[A-Z]{1,4}[-_]?\d{3,6}\b")
STATUS_POOL = ("completed", "in_progress", "pending", "failed", "active", "queued", "approved", "open")


def digest(*parts: Any) -> str:
    text = json.dumps(parts, sort_keys=True, default=str)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def unit(*parts: Any) -> float:
    return int(digest(*parts)[:8], 16) / 0xFFFFFFFF


class MockWorld:
    """The tools' stand-in for one task: deterministic for the task's seed, with its world state and faults.

    It remembers what a rollout created or deleted ('memory()' is plain JSON, kept in the rollout state), says
    not_found to identifiers that do not exist, and fires the task's scheduled faults on a share of calls.
    """

    def __init__(
        self,
        tools: list[dict[str, Any]],
        seed: Any = 0,
        world_state: str = "",
        faults: dict[str, Any] | None = None,
        dials: dict[str, Any] | None = None,
        memory: dict[str, Any] | None = None,
    ) -> None:
        self.tools = {tool["name"]: tool for tool in tools}
        self.seed = seed
        self.world_state = (world_state or "").lower()
        self.faults = faults or {}
        self.dials = dials or {}
        memory = memory or {}
        self.created: dict[str, dict[str, Any]] = dict(memory.get("created", {}))
        self.deleted: set[str] = set(memory.get("deleted", []))
        self.calls: dict[str, int] = dict(memory.get("calls", {}))
        self.known = {str(value).lower() for value in self.dials.get("known_ids", [])}
        self.known.update(match.lower() for match in KNOWN_ID.findall(json.dumps([tool.get("description", "") for tool in tools])))

    def memory(self) -> dict[str, Any]:
        return {"created": self.created, "deleted": sorted(self.deleted), "calls": self.calls}

    def call(self, name: str, arguments: dict[str, Any]) -> dict[str, Any]:
        tool = self.tools.get(name)
        if tool is None:
            return {"status": "error", "reason": "unknown_tool", "tool": name}
        count = self.calls.get(name, 0)
        self.calls[name] = count + 1
        fault = self._fault(name, arguments, count)
        if fault is not None:
            return fault
        missing = self._missing(tool.get("parameters") or {}, arguments)
        if missing:
            return {"status": "rejected", "reason": "missing_required", "fields": missing}
        refs = self._references(arguments)
        if "missing" in self.world_state and refs:
            return {"status": "not_found", "missing": refs}
        if "already" in self.world_state and not READ_VERB.match(name):
            return {"status": "already_done", "reason": "already_acted_on"}
        if CREATE_VERB.match(name):
            token = re.split(r"[_-]", name)[-1] or "record"
            new_id = f"{token}_{int(digest(self.seed, name, arguments)[:8], 16) % 100000}"
            record = {key: value for key, value in arguments.items() if value not in (None, "")}
            record["id"] = new_id
            self.created[new_id.lower()] = record
            for ref in refs:
                self.created.setdefault(ref.lower(), {"id": ref})
            return {"status": "created", **record}
        dangling = [ref for ref in refs if not self._exists(ref)]
        if dangling:
            return {"status": "not_found", "missing": dangling}
        if DELETE_VERB.match(name):
            self.deleted.update(ref.lower() for ref in refs)
            return {"status": "deleted", "removed": refs}
        if LIST_VERB.match(name) and not refs:
            low, high = self.dials.get("search_hits", SEARCH_HITS)
            count = low + int(digest(self.seed, name, arguments, "hits")[:8], 16) % (high - low + 1)
            items = [self._record(name, f"{self._noun(name)}-{index + 1}", arguments) for index in range(count)]
            return {"status": "ok", "query": arguments, "count": count, "items": items}
        key = refs[0] if refs else digest(self.seed, name, arguments)[:8]
        return {"status": "ok", **self._record(name, key, arguments)}

    def _fault(self, name: str, arguments: dict[str, Any], count: int) -> dict[str, Any] | None:
        plan = self.faults.get(name) or self.faults.get("*")
        if not isinstance(plan, dict):
            return None
        rate = float(plan.get("rate", 1.0))
        if unit(self.seed, name, arguments, count, "fault") >= rate:
            return None
        mode = plan.get("mode", self.dials.get("default_fault_mode", "timeout"))
        if mode == "malformed":
            return {"status": "ok", "data": "<<garbled resp0nse"}
        if mode == "stale":
            return {"status": "ok", "data": {"result": digest(self.seed, name, arguments)[:12]}, "stale": True, "as_of": "3 days ago"}
        if mode == "permission_denied":
            return {"status": "permission_denied"}
        return {"status": "timeout", "error": "request timed out"}

    def _missing(self, schema: dict[str, Any], value: Any, path: str = "") -> list[str]:
        if not isinstance(value, dict):
            return []
        missing = []
        properties = schema.get("properties") or {}
        for field in schema.get("required") or []:
            where = f"{path}{field}"
            if value.get(field) in (None, ""):
                missing.append(where)
            elif isinstance(properties.get(field), dict):
                missing.extend(self._missing(properties[field], value[field], f"{where}."))
        return missing

    def _references(self, arguments: dict[str, Any]) -> list[str]:
        refs = []
        for key, value in arguments.items():
            if REFERENCE_KEY.search(str(key)) and isinstance(value, (str, int)) and str(value).strip():
                refs.append(str(value).strip())
        return refs

    def _exists(self, ref: str) -> bool:
        key = ref.lower()
        if key in self.deleted:
            return False
        if key in self.created or key in self.known:
            return True
        if "exists" in self.world_state:
            return True
        return unit("exists", self.seed, key) < float(self.dials.get("exists_share", EXISTS_SHARE))

    @staticmethod
    def _noun(name: str) -> str:
        parts = [part for part in re.split(r"[_-]", name) if part and not READ_VERB.match(part)]
        return parts[-1] if parts else "record"

    def _record(self, name: str, key: str, arguments: dict[str, Any]) -> dict[str, Any]:
        stored = self.created.get(key.lower())
        if stored is not None:
            return dict(stored)
        shape = (self.dials.get("result_shapes") or {}).get(name)
        seed_hex = digest("entity", key)
        if isinstance(shape, dict):
            record = {field: self._jitter(value, seed_hex, field) for field, value in shape.items() if field != "status"}
        else:
            record = {
                "name": f"{self._noun(name)} {int(seed_hex[:4], 16) % 1000}",
                f"{self._noun(name)}_status": STATUS_POOL[int(seed_hex[4:8], 16) % len(STATUS_POOL)],
                "updated_at": (
                    f"202{2 + int(seed_hex[8:10], 16) % 5}"
                    f"-{1 + int(seed_hex[10:12], 16) % 12:02d}"
                    f"-{1 + int(seed_hex[12:14], 16) % 28:02d}"
                ),
            }
        record.update({field: value for field, value in arguments.items() if REFERENCE_KEY.search(str(field))})
        record.setdefault("id", key)
        return record

    @staticmethod
    def _jitter(value: Any, seed_hex: str, field: str) -> Any:
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            return value
        spread = unit(seed_hex, field) * 2 - 1
        moved = value + spread * abs(value) / 3
        return round(moved, 2) if isinstance(value, float) else int(round(moved))

`;
