"""A casual asker's wordings of known questions, rewritten into the parser's forms (issue 13wd).

Pure text -> text rewrites applied first by :func:`~._wording.normalise`; none changes what is
asked, and each only fires on a whole-question pattern:

* politeness after the question: "how many squares please", "is B a triangle, please";
* terse forms: "no. of stars", "total number of shapes", "exactly one star", "at least 2
  circles", "more circles than squares", "first shape from the left", "bigger: 1 or 4", "the
  triangle left of the square" (a verbless yes / no question);
* "how many of them / how many are not red", "how many in the left column";
* "the second leftmost shape" (-> "the second shape from the left"), "row 1 col 2";
* "what's to the red star's left", "what colour would you say the star is", "would you call
  X big or small", "what letter is the rightmost shape";
* either-or with the pair first or without articles: "is the yellow shape or blue one
  bigger", "the blue square or the green one, which is further right", "is A or B nearer the
  top" (-> "higher").

Example:
    >>> casual("no. of stars please")
    'how many stars'
    >>> casual("which is the second leftmost shape")
    'which is the second shape from the left'
"""

from __future__ import annotations

import re

from spatioxolver.vocabulary import COLOR_WORDS

__all__ = ["casual"]

_ORDINAL = r"(?:first|second|third|fourth|fifth|sixth|seventh|eighth|last|\d(?:st|nd|rd|th))"
_COMP = (
    r"bigger|larger|smaller|higher(?: up)?|lower(?: down)?|taller|shorter|further (?:left|right)|"
    r"farther (?:left|right)|more to the (?:left|right)|closer|nearer|further away|farther away"
)
_PLAIN_REF = r"(?:the )?(?:[a-z]+ ){0,2}[a-z]+"
_COLOUR = r"(?:(?:light|dark|pale) )?(?:" + "|".join(sorted(COLOR_WORDS, key=len, reverse=True)) + r")"
_EDGE_SIDE = {"left": "left", "right": "right", "top": "top", "bottom": "bottom", "highest": "top",
              "lowest": "bottom"}  # fmt: skip

_RULES = tuple(
    (re.compile(p, re.I), r)
    for p, r in (
        # dashes: "stars — how many", "circle – what colour"
        (r"\s*[\u2013\u2014]\s*", " - "),
        # politeness after the question
        (r"(?:[,\s]+(?:please|pls|plz|thanks|thank you|thx)\s*[?!.]*)+$", ""),
        # "this icon sheet", "the symbol chart": a sheet of icons is the grid they are laid out in
        (
            r"\b(the|this) (?:(?:icon|symbol|sticker|emoji|shape)s? )?(?:sheet|chart|board|panel)\b",
            r"\1 grid",
        ),
        # "in this plot", "of the 3-D render": a plot or rendering is the image itself, no object
        (
            r"\b(in|on|of|from) (the|this) (?:3-?d |three-dimensional )?(?:plot|graph|render|rendering|"
            r"illustration|visuali[sz]ation|screenshot|graphic)\b",
            r"\1 \2 image",
        ),
        # "the icon layout", "this symbol grid": the layout of the icons
        (r"\b(the|this) (?:icon|symbol|sticker|emoji|shape)s? (layout|grid|arrangement|pattern)\b", r"\1 \2"),
        # chat spellings: "r there", "can u tell me"
        (r"\br there$", "are there"),
        (r"^r there\b", "are there"),
        (r"\b(can|could|would|will|do) u\b", r"\1 you"),
        # "triangle - what colour": the subject first
        (r"^(?:the )?([a-z]+(?: [a-z]+)?)\s*[-:,]\s*what (colou?r|shape|size)$", r"what \2 is the \1"),
        # "any stars left of the square": existence
        (
            r"^any ((?:[a-z]+ ){0,2}[a-z]+ (?:(?:to |on )the (?:left|right)(?: of)?|left of|right of|above|below)\b.*)$",
            r"are there any \1",
        ),
        # "does the image look symmetric": is it
        (
            r"^(?:does|do) (the|this) (image|picture|layout|arrangement|pattern|scene|drawing|grid) (?:look|appear|seem)"
            r"(?: to be)? (.+)$",
            r"is the \2 \3",
        ),
        # "is everything red": all the objects
        (r"^is everything (?:an? )?((?:light |dark |pale )?[a-z]+)$", r"are all the objects \1"),
        # "what size is the star compared to the circle": how big, compared
        (r"^what size is (.+?) (compared (?:to|with)|relative to|next to) (.+)$", r"how big is \1 \2 \3"),
        # "is a a triangle": the first "a" can only be a label
        (r"^is a (?=an? [a-z]+$)", "is A "),
        # "there is a green shape; what shape is it", "there is a star; what is its colour"
        (
            r"^there(?: is|'s) (?:a|an|one) (.+?)\s*[;,:.]\s*(?:and )?what (?:is )?its (colou?r|shape|size|material)$",
            r"what \2 is the \1",
        ),
        (
            r"^there(?: is|'s) (?:a|an|one) (.+?)\s*[;,:.]\s*(?:and )?what (colou?r|shape|size|material) is it$",
            r"what \2 is the \1",
        ),
        (
            r"^there(?: is|'s) (?:a|an|one) (.+?)\s*[;,:.]\s*(?:and )?what is it made of$",
            r"what material is the \1",
        ),
        # "what are the colours of the circles", "what colours do the stars have": each one's colour
        (r"^what are the (colou?r|shape|size)s of (the .+)$", r"what \1 are \2"),
        (r"^(?:what|which) (colou?r|shape|size)s? (?:do|does) (the .+?) have$", r"what \1 are \2"),
        (r"^(?:what|which) (colou?r|shape|size)s are (the .+)$", r"what \1 are \2"),
        # terse counts
        (r"^(?:the )?(?:total )?(?:no\.|num\.?|nr\.?|#) ?of (.+)$", r"how many \1"),
        # "stars count", "red shapes count?", "the circle count": how many
        (r"^(?:the )?((?:[a-z]+ )?[a-z]+) count$", r"how many \1"),
        # "does the picture contain at least two circles": a count claim
        (
            r"^(?:does|do) (?:the|this) (?:image|picture|scene|drawing|diagram|photo|figure) (?:contain|have|show|include)s? "
            r"(exactly|only|at least|at most|more than|fewer than|less than) ",
            r"are there \1 ",
        ),
        (r"^(?:what is )?(?:the )?(?:total|overall) (?:number|count|no\.?) of (.+)$", r"how many \1"),
        (r"^how many (?:of them |of these |of those )?(?=(?:are|is) )", "how many objects "),
        (r"^how many (?=(?:in|on) the )", "how many objects are "),
        (r"^how many (.+?) are there in total$", r"how many \1 are there"),
        (r"^how many (.+?) in total$", r"how many \1"),
        # "is the number of circles 2": a count claim
        (
            r"^is the (?:number|count|total(?: number)?) of (.+?) (?:equal to |exactly )?(\d{1,2}|one|two|three|four|five|"
            r"six|seven|eight|nine|ten|zero)$",
            r"are there exactly \2 \1",
        ),
        # "what kind of shape is right of X": what shape
        (r"^(what|which) (?:kind|type|sort) of (shape|colou?r)\b", r"\1 \2"),
        # "exactly one star?", "at least 2 circles": a count claim
        (
            r"^(exactly|only|at least|at most|more than|fewer than|less than) (\d{1,2}|one|two|three|four|five|six|"
            r"seven|eight|nine|ten|zero|no) (.+)$",
            r"are there \1 \2 \3",
        ),
        # "more circles than squares?": a count comparison
        (r"^(more|fewer|less) (.+?) than (.+)$", r"are there \1 \2 than \3"),
        # "first shape from the left?", "fourth from the right": which one
        (
            rf"^(?:the )?({_ORDINAL}(?: [a-z]+)?) from the (left|right|top|bottom)$",
            r"which is the \1 from the \2",
        ),
        # "the second leftmost shape": second from the left
        (
            rf"\bthe ({_ORDINAL}) (left|right|top|bottom)most( [a-z]+)?\b",
            lambda m: f"the {m.group(1)}{m.group(3) or ''} from the {m.group(2)}",
        ),
        (
            rf"\bthe ({_ORDINAL}) (highest|lowest)( [a-z]+)?\b",
            lambda m: f"the {m.group(1)}{m.group(3) or ''} from the {_EDGE_SIDE[m.group(2).lower()]}",
        ),
        (r"\b(row \d+),? col\.? (\d+)\b", r"\1, column \2"),
        (r"\bcol\.? (\d+)\b", r"column \1"),
        # "what's to the red star's left": left of the red star
        (
            r"^(what|which(?: [a-z]+)?) is (?:to|on) (the .+?|[a-z]+ one)'s? (left|right)$",
            r"\1 is to the \3 of \2",
        ),
        # "what colour would you say the star is"
        (r"^(what|which) (colou?r|shape|size) would you say (.+?) (is|are)$", r"\1 \2 \4 \3"),
        # "what colour would you call the star": the same question
        (
            r"^(what|which) (colou?r|shape|size) would you (?:call|give|describe) (.+?)(?: as)?$",
            r"\1 \2 is \3",
        ),
        # "would you call the star big or small"
        # "would you say the star is big or little": is it big or small
        (
            r"^would you (?:call|say|describe) (.+?) (?:is |as )?(big|large) or (?:small|tiny|little)$",
            r"is \1 \2 or small",
        ),
        (
            r"^would you (?:call|say|describe) (.+?) (?:is |as )?(?:small|tiny|little) or (big|large)$",
            r"is \1 small or \2",
        ),
        # "is it true that the star is left of B", "is it the case that ...": the claim itself
        (r"^(?:is it (?:true|the case|correct|so) that) (.+?) (is|are) (.+)$", r"\2 \1 \3"),
        # "does the picture have vertical mirror symmetry": is it mirror-symmetric about that axis
        (
            r"^(?:does|do) (?:the|this) (image|picture|layout|arrangement|pattern|drawing|design) (?:have|show|display)"
            r" (?:an? )?(vertical|horizontal) (?:mirror |reflection(?:al)? |line )?symmetry$",
            r"is the \1 mirror-symmetric about a \2 axis",
        ),
        # "is the image the same on both sides of a vertical line", "does the layout look the same
        # on the left and the right": mirror symmetry about that axis
        (
            r"^(?:is|does) (?:the|this) (image|picture|layout|arrangement|pattern|drawing|design) (?:look )?the same"
            r" on both sides of (?:a|the) (vertical|horizontal) (?:line|axis|mid-?line|centre line|center line)$",
            r"is the \1 mirror-symmetric about a \2 axis",
        ),
        (
            r"^(?:is|does) (?:the|this) (image|picture|layout|arrangement|pattern|drawing|design) (?:look )?the same"
            r" on the left and (?:on )?the right(?: sides?)?$",
            r"is the \1 mirror-symmetric about a vertical axis",
        ),
        # "what letter is the rightmost shape": the letter on it
        (
            r"^(?:what|which) (letter|label|number) is (?!on |by |next |beside |near |at )(the .+)$",
            r"which \1 is on \2",
        ),
        # "in total, how many circles are there": the count
        (r"^(?:in total|altogether|overall),? (how many .+)$", r"\1"),
        # "how many things have the colour yellow": yellow things
        (
            r"^how many ([a-z]+) (?:have|has|are of|are in|come in|are coloured in) the colou?r ([a-z]+)$",
            r"how many \2 \1 are there",
        ),
        # "are circles more common than squares", "do we have more stars than squares",
        # "are there more stars compared to triangles": a count comparison
        (r"^(?:are|is) (.+?) more (?:common|frequent|numerous) than (.+)$", r"are there more \1 than \2"),
        (
            r"^(?:are|is) (.+?) (?:less|rarer|not as) (?:common|frequent|numerous)? ?than (.+)$",
            r"are there fewer \1 than \2",
        ),
        (
            r"^(?:do|does|did) (?:we|you|i|it|the (?:image|picture|scene)) (?:have|see|show|contain)s? (more|fewer|less) ",
            r"are there \1 ",
        ),
        (
            r"^(are there (?:more|fewer|less) .+?) (?:compared (?:to|with)|in comparison (?:to|with)) (.+)$",
            r"\1 than \2",
        ),
        # "count the columns", "how many horizontal rows": rows and columns of the layout
        (r"^count the (rows|columns)$", r"how many \1 are there"),
        (
            r"^how many (?:horizontal |vertical )?(rows|columns)(?: (?:of|with) (?:shapes|objects))?$",
            r"how many \1 are there",
        ),
        (r"^how many (?:horizontal|vertical) (rows|columns)\b", r"how many \1"),
        # "in how many rows are the shapes arranged"
        (
            r"^in how many (rows|columns) (?:are|is) (?:the |these |all the )?(?:shapes|objects|icons|items|things)"
            r"(?: (?:arranged|laid out|placed|set out|organi[sz]ed))?$",
            r"how many \1 are there",
        ),
        # "does the left half mirror the right half": is it a mirror image
        (
            r"^does the (left|right|top|bottom) (half|side|part)"
            r"(?: of the (?:grid|layout|image|picture|arrangement|drawing|pattern|design))? (?:mirror|reflect) the "
            r"(left|right|top|bottom) (half|side|part)$",
            r"is the \1 \2 a mirror image of the \3 \4",
        ),
        # "which shape shares its colour with X": the same colour as X
        (
            r"^(what|which(?: [a-z]+)?) shares? (?:its|their|the same|a) (colou?r|shape|size) with ",
            r"\1 has the same \2 as ",
        ),
        # "the most distant from X": farthest from it
        (r"\b(?:the )?most distant (?:from|to)\b", "farthest from"),
        # "what do you see to the left of X": what is there
        (
            r"^(what|which(?: [a-z]+)?) (?:do|can) you see (?=(?:to|on|above|below|under|underneath|beneath|over|next|"
            r"left|right|beside|between)\b)",
            r"\1 is ",
        ),
        # "which shape is highest up", "furthest down": the highest / lowest
        (r"\b(?:highest|furthest|farthest) up\b", "highest"),
        (r"\b(?:lowest|furthest|farthest) down\b", "lowest"),
        # "greater in size than", "tinier than": bigger / smaller
        (r"\b(?:greater|larger|bigger) in size than\b", "bigger than"),
        (r"\b(?:smaller in size|tinier|littler) than\b", "smaller than"),
        # "is anything on the left of the star": is there anything
        (
            r"^is (anything|something) (?=(?:to|on|left|right|above|below|under|beneath|over|next|beside)\b)",
            r"is there \1 ",
        ),
        # "what colour is the top right shape": the shape in the top right corner
        (
            r"\bthe (top|bottom|upper|lower)[- ]?(left|right)(?:[- ]hand)?(?: corner)? (shape|object|one|thing|item|figure)\b",
            r"the \3 in the \1 \2 corner",
        ),
        # "is the star in the top half": of the image
        (
            r"^((?:is|are) .+? (?:in|on) the (?:left|right|top|bottom|upper|lower)(?:[- ]hand)? (?:half|side|part))$",
            r"\1 of the image",
        ),
        # "do you see exactly 3 squares": a count claim
        (
            r"^(?:do|can|could) you see (exactly|only|at least|at most|more than|fewer than|less than) ",
            r"are there \1 ",
        ),
        # "is the square the largest object in the picture": the largest object
        (
            r"^((?:is|are) .+? the (?:largest|biggest|smallest|tiniest|leftmost|rightmost|topmost|bottommost|highest|lowest)"
            r"(?: [a-z]+)?) (?:in|of) (?:the|this) (?:picture|image|scene|drawing|photo)$",
            r"\1",
        ),
        # "is the red shape shaped like a star": is it a star
        (r"^((?:is|are) .+?) shaped like (an?) ", r"\1 \2 "),
        # "does the square have a gray colour": is it gray
        (r"^does (.+?) have an? ([a-z]+) colou?r$", r"is \1 \2"),
        # "are there two or more circles": at least two
        (r"^are there (\w+) or more ", r"are there at least \1 "),
        (r"^are there (\w+) or (?:fewer|less) ", r"are there at most \1 "),
        # "is A bigger or smaller than B": how big, compared
        (r"^is (.+?) (?:bigger|larger) or smaller than (.+)$", r"how big is \1 compared to \2"),
        (r"^is (.+?) smaller or (?:bigger|larger) than (.+)$", r"how big is \1 compared to \2"),
        # "is A on the left or the right of B": left or right of
        (
            r"^is (.+?) (?:on|to) the (left|right) or (?:on |to )?the (left|right) (?:side )?of ",
            r"is \1 \2 or \3 of ",
        ),
        # "can you find a red square", "could you spot any stars": is there
        (r"^(?:can|could) you (?:find|spot|locate|see|detect) (an?) ", r"is there \1 "),
        (r"^(?:can|could) you (?:find|spot|locate|see|detect) (?:any|some) ", "are there any "),
        # "do A and B have the same colour": are they; "are A and B different colours",
        # "is A a different colour from B", "do A and B differ in colour": not the same (negated)
        (
            r"^(?:do|does) (.+?) and (.+?) (?:have|share) the same (colou?r|shape)$",
            r"are \1 and \2 the same \3",
        ),
        (
            r"^(?:are|do) (.+?) and (.+?) (?:have |come in )?(?:different|differing|distinct) (colou?r|shape)s?$",
            r"are \1 and \2 not the same \3",
        ),
        (r"^(?:do|does) (.+?) and (.+?) differ in (colou?r|shape)$", r"are \1 and \2 not the same \3"),
        (
            r"^(?:is|does) (.+?) (?:have )?(?:a |an )?(?:different|another) (colou?r|shape) (?:from|than|to) (.+)$",
            r"is \1 not the same \2 as \3",
        ),
        # "could you count the stars for me": count them
        (r"^(?:could|can|would|will) you (?:please )?count (.+?)(?: for (?:me|us))?$", r"count \1"),
        # "count everything that is yellow": the yellow objects
        (
            r"^count (?:everything|anything|all(?: (?:the )?(?:things|objects|items|shapes))?) "
            r"(?:that is|that's|which is|that are|which are|coloured|colored) ",
            "how many objects are ",
        ),
        (r"^count everything$", "how many objects are there"),
        # "how many squares appear here", "how many stars are visible": how many are there
        (
            r"^how many (.+?) (?:appear|are visible|are shown|are present|show up|can be seen|are depicted)"
            r"(?: here| in (?:the|this) (?:image|picture|scene|drawing))?$",
            r"how many \1 are there",
        ),
        # "name the shape nearest the bottom", "identify the leftmost object": which is it
        (
            r"^(?:name|identify|point out) (the (?:[a-z]+ ){0,2}?(?:[a-z]+most|largest|biggest|smallest|tiniest|highest|lowest"
            r"|first|second|third|last)(?: [a-z]+)?|the [a-z]+ (?:nearest|closest|farthest|furthest) .+)$",
            r"which is \1",
        ),
        # "are A and B coloured differently", "is A coloured the same as B", "do A and B share a colour"
        (r"^are (.+?) and (.+?) colou?red differently$", r"are \1 and \2 not the same colour"),
        (r"^is (.+?) colou?red the same as (.+)$", r"is \1 the same colour as \2"),
        (
            r"^(?:do|does) (.+?) and (.+?) share (?:a|one|the same|their) (colou?r|shape)$",
            r"are \1 and \2 the same \3",
        ),
        # "black-coloured shapes": black shapes
        (r"\b([a-z]+)-colou?red\b", r"\1"),
        # "how many separate shapes": how many shapes ("how many different shapes" asks the kinds)
        (
            r"^how many (?:individual|separate) (shapes|objects|figures|items|things)\b",
            r"how many \1",
        ),
        # "further down than", "further up than": lower / higher
        (r"\b(?:further|farther) down than\b", "lower than"),
        (r"\b(?:further|farther) up than\b", "higher than"),
        # "bigger compared to B": bigger than B
        (
            r"\b(bigger|larger|smaller|higher|lower|taller|shorter|wider) (?:compared|relative) (?:to|with)\b",
            r"\1 than",
        ),
        # "are any of the shapes circles": are there any circles
        (r"^(?:are|is) any of the (?:shapes|objects|figures|items|things) ([a-z]+s)$", r"are there any \1"),
        # "are any of the shapes red", "is anything green": is there anything of that colour
        (
            rf"^(?:are|is) any (?:of the )?(shapes|objects|figures|items|things) ({_COLOUR})$",
            r"are there any \2 \1",
        ),
        (rf"^is (?:anything|something) ({_COLOUR})$", r"is there anything \1"),
        # "are any squares orange", "is any of the circles red": are there any orange squares
        (rf"^(?:are|is) any (?:of the )?([a-z]+?)s? ({_COLOUR})$", r"are there any \2 \1s"),
        # "how many shapes have purple colour", "how many items are filled with blue"
        (r"^how many ([a-z]+) (?:have|has) (?:a |the )?([a-z]+) colou?r$", r"how many \2 \1 are there"),
        (
            r"^how many ([a-z]+) are (?:filled|painted|shaded|drawn|done) (?:in |with )(?:the colou?r )?([a-z]+)$",
            r"how many \2 \1 are there",
        ),
        # "what colour is used for the star", "what colour fill does the star have"
        (r"^(what|which) colou?r (?:is used for|is used on|fills) (.+)$", r"what colour is \2"),
        (r"^(what|which) colou?r fill (?:does|do) (.+?) have$", r"what colour is \2"),
        # "stars: how many", "the square's colour": the question with its subject first
        (r"^([a-z]+(?: [a-z]+)?)\s*[:,-]\s*how many$", r"how many \1"),
        (r"^(?:the )?([a-z]+(?: [a-z]+)?)'s (colou?r|shape)$", r"what \2 is the \1"),
        # "tell me the cone's colour": what colour is the cone; "what form does X take": its shape
        (r"^(?:tell me|say|give me) (?:the )?([a-z]+(?: [a-z]+)?)'s (colou?r|shape)$", r"what \2 is the \1"),
        (r"^what (?:form|shape) (?:does|do) (.+?) (?:take|have)$", r"what shape is \1"),
        # "how many rows do the shapes form", "how many rows is the grid made of", "the number of columns"
        (
            r"^how many (rows|columns) (?:do|does) (?:the )?(?:shapes|objects|icons|items|things|grid|layout)"
            r" (?:form|make|make up|have|fall into)$",
            r"how many \1 are there",
        ),
        (
            r"^how many (rows|columns) (?:is|are) the (?:grid|layout|arrangement) made (?:up )?of$",
            r"how many \1 are there",
        ),
        (r"^(?:what is |what's )?the number of (rows|columns)$", r"how many \1 are there"),
        # "in row 1, column 4, what shape is there": what shape is in row 1, column 4
        (
            r"^in (row \d+,? column \d+),? (what|which) (shape|colou?r|object) is (?:there|it|in it|found)$",
            r"\2 \3 is in \1",
        ),
        # "do the left and right halves mirror each other": mirror symmetry about that axis
        (
            r"^(?:do|does|are) the (?:left and right|right and left) (?:halves|sides)(?: of the [a-z]+)?"
            r" (?:mirror|reflect|mirror images of|reflections of) each other$",
            "is the image mirror-symmetric about a vertical axis",
        ),
        (
            r"^(?:do|does|are) the (?:top and bottom|bottom and top|upper and lower) (?:halves|sides)(?: of the [a-z]+)?"
            r" (?:mirror|reflect|mirror images of|reflections of) each other$",
            "is the image mirror-symmetric about a horizontal axis",
        ),
        # "is every shape the same colour", "do all the objects share one colour": all the same
        (
            r"^is every (?:shape|object|figure|item|thing|one) the same (colou?r|shape)$",
            r"are all the objects the same \1",
        ),
        (
            r"^(?:do|does) all (?:the |of the )?(shapes|objects|figures|items|things) (?:share|have) (?:one|a single|the same)"
            r" (colou?r|shape)$",
            r"are all the \1 the same \2",
        ),
        # "which shape is second in size": the second largest
        (r"^(?:which|what) ([a-z]+) is (second|third) in size$", r"which is the \2 largest \1"),
        # "how many shape types appear": how many different shapes
        (
            r"^how many (shape|colou?r) (?:types|kinds|sorts|varieties)(?: (?:appear|are there|are used|are present|can you see))?$",
            r"how many different \1s are there",
        ),
        # "what else has the colour of X", "how many other objects share the colour of X": the same as X
        (r"^what else (?:has|shares) the (colou?r|shape) of (.+)$", r"which object has the same \1 as \2"),
        (
            r"^(how many (?:other )?[a-z]+) (?:share|have) the (colou?r|shape) of (.+)$",
            r"\1 have the same \2 as \3",
        ),
        # "apart from X, how many shapes are there": how many besides X
        (
            r"^(?:apart from|except(?: for)?|other than|besides|not counting|excluding) (.+?),? how many ([a-z]+)"
            r"(?: are there| do you see| can you see)?$",
            r"how many \2 are there besides \1",
        ),
        # "count the shapes on the right side": how many are on the right
        (
            r"^count the ([a-z]+(?: [a-z]+)?) (?:on|in) the (left|right|top|bottom) (?:side|half|part)$",
            r"how many \1 are on the \2",
        ),
        # "what has the same colour as X": which object has
        (r"^what (has|shares|is) the same (colou?r|shape|size) as ", r"which object \1 the same \2 as "),
        # "what is higher / lower than X": above / below it
        (r"^(what|which(?: [a-z]+)?) is (?:higher(?: up)?|further up) than ", r"\1 is above "),
        (r"^(what|which(?: [a-z]+)?) is (?:lower(?: down)?|further down) than ", r"\1 is below "),
        # "which solid is nearest the camera": nearest to it; "closest to us": to the viewer
        (r"\b(nearest|closest) the (camera|viewer)\b", r"\1 to the \2"),
        (r"\b(nearest|closest|farthest|furthest) (to|from) (?:us|me)$", r"\1 \2 the viewer"),
        # "which shape is nearest the square": nearest to it (not "nearest the top / middle")
        (
            r"\b(nearest|closest|farthest|furthest|nearer|closer) the (?!(?:top|bottom|left|right|middle|centre|center|"
            r"camera|viewer|front|back|edge|corner|side|image|picture|page|frame)\b)",
            r"\1 to the ",
        ),
        # "is X closer to the left edge or the right edge": which side of the image it is on
        (
            r"^(is|are) (.+?) (?:closer|nearer) (?:to )?the (left|right|top|bottom)(?:[- ]hand)?(?: edge| side| border| margin)?"
            r" or (?:to )?the (left|right|top|bottom)(?:[- ]hand)?(?: edge| side| border| margin)?"
            r"(?: of (?:the )?(?:image|picture|page|frame))?$",
            r"\1 \2 on the \3 or the \4 side of the image",
        ),
        # "closer to the left edge" is further left (an either-or or a superlative)
        (
            r"\b(?:closer|nearer) (?:to )?the (left|right)(?:[- ]hand)?(?: edge| side| border| margin)?"
            r"(?: of (?:the )?(?:image|picture|page|frame))?(?=\s*(?:[,:]|$|\bor\b))",
            r"further \1",
        ),
        # either-or: "nearer the top" is higher, "nearer the bottom" lower
        (
            r"\b(?:nearer|closer) (?:to )?the top(?: edge| border| margin)?(?: of (?:the )?(?:image|picture|page|frame))?"
            r"(?=\s*[,:])",
            "higher",
        ),
        (
            r"\b(?:nearer|closer) (?:to )?the bottom(?: edge| border| margin)?(?: of (?:the )?(?:image|picture|page|frame))?"
            r"(?=\s*[,:])",
            "lower",
        ),
        (r"\b(?:nearer|closer) (?:to )?the top(?: of (?:the )?(?:image|picture))?$", "higher"),
        (r"\b(?:nearer|closer) (?:to )?the bottom(?: of (?:the )?(?:image|picture))?$", "lower"),
        # "bigger: 1 or 4" (labels without "the")
        (
            rf"^({_COMP})\s*[:,-]\s*({_PLAIN_REF}|[A-Za-z0-9]{{1,3}}) or ({_PLAIN_REF}|[A-Za-z0-9]{{1,3}})$",
            r"which is \1: \2 or \3",
        ),
        # "the blue square or the green one, which is further right"
        (
            rf"^({_PLAIN_REF}) or ({_PLAIN_REF})\s*[,:-]+\s*(?:which|what)(?: one| of them| of the two)? is ({_COMP})$",
            r"which is \3: \1 or \2",
        ),
        # "is the yellow shape or blue one bigger" (articles optional)
        (rf"^(?:is|are) ({_PLAIN_REF}) or ({_PLAIN_REF}) ({_COMP})$", r"which is \3: \1 or \2"),
        # "the triangle left of the green square?": a verbless yes / no question
        (
            r"^((?:the )?(?:[a-z]+ ){0,2}[a-z]+) ((?:to the |on the )?(?:left|right) of|above|below|under|"
            r"beneath|over|next to|bigger than|larger than|smaller than|higher than|lower than) ((?:the )?(?:[a-z]+ ){0,2}[a-z]+)$",
            r"is \1 \2 \3",
        ),
    )
)
#: words that never start a verbless yes / no question's subject
_NOT_SUBJECT = re.compile(
    r"^(?:what|which|who|how|where|why|(?:is|are|does|do|was|were|did|has|have)(?:n'?t)?|can|could|would|will|"
    r"count|name|list|find|show|tell|give|"
    r"anything|something|everything|nothing|any|all|none|more|fewer|less|whats)\b",
    re.I,
)
_VERB = re.compile(r"\b(?:is|are|was|were|be|looks?|seems?|appears?|lies|sits|stands)\b", re.I)
_COMPARATIVE_IN = re.compile(rf"\b(?:{_COMP}|than|or|and|which|what)\b", re.I)


def casual(text: str) -> str:
    """``text`` with a casual asker's wording rewritten into a known form (see the module)."""
    out = text.strip()
    for pattern, replacement in _RULES:
        new = pattern.sub(replacement, out)
        if new != out and not _allowed(pattern.pattern, out, new):
            continue
        out = new
    return " ".join(out.split())


def _allowed(pattern: str, before: str, after: str) -> bool:
    """Guards for the loosest rewrites: a verbless question must start with an object; the two
    sides of an either-or must be plain noun phrases (no comparative, no second clause)."""
    if pattern.startswith("^((?:the )?(?:[a-z]+ ){0,2}[a-z]+) ((?:to the"):
        # a statement ("the square is left of the circle") keeps its verb: not verbless
        m = re.match(pattern, before, re.I)
        return bool(m) and not _NOT_SUBJECT.match(before) and not _VERB.search(m.group(1))
    m = re.match(r"which is (.+?): (.+) or (.+)$", after, re.I)
    if m and ("or (" in pattern):
        return not (_COMPARATIVE_IN.search(m.group(2)) or _COMPARATIVE_IN.search(m.group(3)))
    return True
