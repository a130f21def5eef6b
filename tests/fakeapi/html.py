"""Telegram's HTML parse mode, as strict as the real server.

The rules follow the Bot API "HTML style" section and the behaviour of tdlib's
parser (which the Bot API server uses): only the documented tags, only the
named entities &lt; &gt; &amp; &quot; plus numeric ones, a bare '&' that does
not start a known entity stays literal, and any tag problem is an error that
the server reports as "Bad Request: can't parse entities: ...".
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

# tag -> entity type; span/code/pre/blockquote/a get extra handling below.
_TAG_TYPES = {
    "b": "bold",
    "strong": "bold",
    "i": "italic",
    "em": "italic",
    "u": "underline",
    "ins": "underline",
    "s": "strikethrough",
    "strike": "strikethrough",
    "del": "strikethrough",
    "tg-spoiler": "spoiler",
    "span": "spoiler",
    "a": "text_link",
    "code": "code",
    "pre": "pre",
    "blockquote": "blockquote",
    "tg-emoji": "custom_emoji",
    "tg-time": "date_time",
}
_NAMED_ENTITIES = {"lt": "<", "gt": ">", "amp": "&", "quot": '"'}
_UNQUOTED_VALUE = re.compile(r"[A-Za-z0-9.\-]*")
_URL = re.compile(r"^(https?|tg)://\S+$", re.IGNORECASE)


class HtmlError(ValueError):
    """The text is not valid Telegram HTML; str(error) is Telegram's wording."""


def utf16_len(text: str) -> int:
    """Entity offsets and lengths are counted in UTF-16 code units."""
    return len(text.encode("utf-16-le")) // 2


@dataclass
class _OpenTag:
    name: str
    attrs: dict[str, str]
    start: int  # UTF-16 offset in the output text


@dataclass
class _Parser:
    src: str
    pos: int = 0
    out: list[str] = field(default_factory=list)
    out_len: int = 0  # UTF-16 length of the output so far
    stack: list[_OpenTag] = field(default_factory=list)
    entities: list[dict] = field(default_factory=list)

    def byte_offset(self, pos: int) -> int:
        return len(self.src[:pos].encode())

    def emit(self, text: str) -> None:
        self.out.append(text)
        self.out_len += utf16_len(text)

    def at_end(self) -> bool:
        return self.pos >= len(self.src)

    def peek(self) -> str:
        return self.src[self.pos] if self.pos < len(self.src) else ""

    def skip_spaces(self) -> None:
        while self.peek().isspace():
            self.pos += 1

    def run(self) -> tuple[str, list[dict]]:
        while not self.at_end():
            ch = self.src[self.pos]
            if ch == "&":
                self.emit(self.read_entity())
            elif ch == "<":
                self.read_tag()
            else:
                self.emit(ch)
                self.pos += 1
        if self.stack:
            raise HtmlError(
                f'Can\'t find end tag corresponding to start tag "{self.stack[-1].name}"'
            )
        self.entities.sort(key=lambda e: (e["offset"], -e["length"]))
        return "".join(self.out), self.entities

    def read_entity(self) -> str:
        """Decode '&...;' at pos; an unknown one leaves '&' as a literal character."""
        m = re.compile(r"&(#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|[a-zA-Z]+);").match(self.src, self.pos)
        decoded = None
        if m:
            body = m.group(1)
            if body.startswith(("#x", "#X")):
                decoded = _codepoint(int(body[2:], 16))
            elif body.startswith("#"):
                decoded = _codepoint(int(body[1:]))
            else:
                decoded = _NAMED_ENTITIES.get(body)
        if decoded is None:
            self.pos += 1
            return "&"
        assert m is not None
        self.pos = m.end()
        return decoded

    def read_tag(self) -> None:
        tag_pos = self.pos
        self.pos += 1
        if self.peek() == "/":
            self.read_end_tag(tag_pos)
        else:
            self.read_start_tag(tag_pos)

    def read_name(self) -> str:
        begin = self.pos
        while not self.at_end() and not self.peek().isspace() and self.peek() != ">":
            self.pos += 1
        return self.src[begin : self.pos]

    def read_start_tag(self, tag_pos: int) -> None:
        offset = self.byte_offset(tag_pos)
        name = self.read_name().lower()
        if self.at_end():
            raise HtmlError(f"Unclosed start tag at byte offset {offset}")
        if name not in _TAG_TYPES:
            raise HtmlError(f'Unsupported start tag "{name}" at byte offset {offset}')
        attrs = self.read_attrs(name, offset)
        self.pos += 1  # the '>'
        if name == "span" and attrs.get("class") != "tg-spoiler":
            raise HtmlError(f'Tag "span" must have class "tg-spoiler" at byte offset {offset}')
        self.stack.append(_OpenTag(name, attrs, self.out_len))

    def read_attrs(self, tag: str, offset: int) -> dict[str, str]:
        attrs: dict[str, str] = {}
        while True:
            self.skip_spaces()
            if self.at_end():
                raise HtmlError(f"Unclosed start tag at byte offset {offset}")
            if self.peek() == ">":
                return attrs
            begin = self.pos
            while not self.at_end() and not self.peek().isspace() and self.peek() not in "=>/\"'":
                self.pos += 1
            attr = self.src[begin : self.pos].lower()
            if not attr:
                raise HtmlError(f'Empty attribute name in the tag "{tag}" at byte offset {offset}')
            self.skip_spaces()
            if self.peek() != "=":
                attrs[attr] = ""  # valueless, e.g. <blockquote expandable>
                continue
            self.pos += 1
            self.skip_spaces()
            if self.at_end():
                raise HtmlError(f"Unclosed start tag at byte offset {offset}")
            attrs[attr] = self.read_attr_value()

    def read_attr_value(self) -> str:
        quote = self.peek()
        if quote not in "\"'":
            m = _UNQUOTED_VALUE.match(self.src, self.pos)
            assert m is not None
            self.pos = m.end()
            if not (self.peek().isspace() or self.peek() == ">"):
                raise HtmlError(
                    f"Unexpected end of name token at byte offset {self.byte_offset(self.pos)}"
                )
            return m.group(0).lower()
        self.pos += 1
        value: list[str] = []
        while not self.at_end() and self.peek() != quote:
            if self.peek() == "&":
                value.append(self.read_entity())
            else:
                value.append(self.peek())
                self.pos += 1
        self.pos += 1  # closing quote (reaching the end is reported by the caller)
        return "".join(value)

    def read_end_tag(self, tag_pos: int) -> None:
        offset = self.byte_offset(tag_pos)
        if not self.stack:
            raise HtmlError(f"Unexpected end tag at byte offset {offset}")
        self.pos += 1  # the '/'
        name = self.read_name().lower()
        self.skip_spaces()
        if self.peek() != ">":
            raise HtmlError(f"Unclosed end tag at byte offset {offset}")
        self.pos += 1
        open_tag = self.stack.pop()
        if name and name != open_tag.name:
            raise HtmlError(
                f'Unmatched end tag at byte offset {offset}, expected "</{open_tag.name}>", '
                f'found "</{name}>"'
            )
        self.close(open_tag)

    def close(self, tag: _OpenTag) -> None:
        length = self.out_len - tag.start
        if length <= 0:
            return  # empty entities are dropped
        entity: dict = {"type": _TAG_TYPES[tag.name], "offset": tag.start, "length": length}
        if tag.name == "a":
            url = tag.attrs.get("href", "")
            if not _URL.match(url):
                return  # tdlib silently drops links with unusable URLs
            entity["url"] = url
        elif tag.name == "blockquote" and "expandable" in tag.attrs:
            entity["type"] = "expandable_blockquote"
        elif tag.name == "tg-emoji":
            emoji_id = tag.attrs.get("emoji-id", "")
            if not emoji_id.isdigit():
                raise HtmlError("Invalid custom emoji identifier specified")
            entity["custom_emoji_id"] = emoji_id
        elif tag.name == "code":
            lang = tag.attrs.get("class", "")
            if lang.startswith("language-"):
                entity["_language"] = lang.removeprefix("language-")
        elif tag.name == "pre":
            self._absorb_inner_code(entity)
        self.entities.append(entity)

    def _absorb_inner_code(self, pre: dict) -> None:
        """<pre><code class="language-x">..</code></pre> is one pre entity with a language."""
        last = self.entities[-1] if self.entities else None
        if (
            last
            and last["type"] == "code"
            and (last["offset"], last["length"])
            == (
                pre["offset"],
                pre["length"],
            )
        ):
            self.entities.pop()
            if "_language" in last:
                pre["language"] = last["_language"]


def _codepoint(value: int) -> str | None:
    if value == 0 or value > 0x10FFFF or 0xD800 <= value <= 0xDFFF:
        return None
    return chr(value)


def parse_html(source: str) -> tuple[str, list[dict]]:
    """Return (plain text, entities) for an HTML-formatted text, or raise HtmlError."""
    parser = _Parser(source)
    text, entities = parser.run()
    for entity in entities:
        entity.pop("_language", None)  # a language only counts inside <pre>
    return text, entities


def command_entities(text: str) -> list[dict]:
    """A leading '/command' or '/command@botname' is a bot_command entity."""
    if not text.startswith("/") or len(text) < 2 or text[1].isspace():
        return []
    token = text.split(maxsplit=1)[0]
    return [{"type": "bot_command", "offset": 0, "length": utf16_len(token)}]
