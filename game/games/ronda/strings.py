"""Ronda's own strings (merged into the common tables by game.i18n). Terms as Moroccan players
say them: رندة (a pair), ترينغا (three of a kind), كايدة (taking the card just laid), ميسا
(clearing the table)."""
AR = {
    "game.ronda": "رندة",
    "menu.rules_set": "اللعب إلى",
    "ronda.rules.maghribi": "مغربي ٤١",
    "ronda.rules.quick": "سريع ٢٥",
    "ronda.name.1": "كريم",
    "ronda.name.2": "خديجة",
    "ronda.name.3": "مهدي",
    "ronda.hud": "التوزيعة {deal}، الدفعة {batch} من {batches}",
    "ronda.target": "اللعب إلى {n}",
    "ronda.points": "{n} نقطة",
    "ronda.point_one": "نقطة واحدة",
    "ronda.side.us": "فريقنا",
    "ronda.side.them": "فريقهم",
    "ronda.deal_banner": "التوزيعة {n}",
    "ronda.last_batch": "آخر دفعة من الورق",
    "ronda.kind.ronda": "رندة!",
    "ronda.kind.tringa": "ترينغا!",
    "ronda.kind_plain.ronda": "رندة",
    "ronda.kind_plain.tringa": "ترينغا",
    "ronda.declare.ronda": "رندة",
    "ronda.declare.tringa": "ترينغا",
    "ronda.declare_hint": "عندك زوج أو ثلاثة؟ أعلن الآن، أو العب ورقة",
    "ronda.would_take": "تأكل من الطاولة {n} — المسها مرة ثانية للعب",
    "ronda.would_lay": "لا أكل: تبقى الورقة على الطاولة",
    "ronda.caida": "كايدة",
    "ronda.mesa": "ميسا",
    "ronda.sweep": "ما بقي على الطاولة يذهب إلى {name}",
    "ronda.sweep_you": "ما بقي على الطاولة لك",
    "ronda.sweep_nobody": "لم يأكل أحد: ورق الطاولة يعود إلى الكومة",
    "ronda.reveal.title": "الإعلانات تنكشف",
    "ronda.reveal.head": "{kind} {rank}",
    "ronda.reveal.scored": "تُحسب +{n}",
    "ronda.reveal.beaten": "مغلوبة",
    "ronda.reveal.false": "كاذبة",
    "ronda.next_deal": "التوزيعة التالية",
    "ronda.to_result": "النتيجة",
    "ronda.score.title": "حساب التوزيعة {n}",
    "ronda.score.cards": "الأوراق المأكولة",
    "ronda.score.cards_value": "{n} ورقة، {p} نقطة",
    "ronda.score.caidas": "كايدة",
    "ronda.score.mesas": "ميسا",
    "ronda.score.declarations": "الإعلانات",
    "ronda.decl.more": "و{n} إعلانات أخرى لم تغيّر النتيجة",
    "ronda.score.penalties": "غرامات مكسوبة",
    "ronda.score.deal": "نقاط التوزيعة",
    "ronda.score.total": "المجموع (إلى {n})",
    "ronda.decl.line": "{name}: {kind} {rank} — {outcome}",
    "ronda.decl.line_false": "{name}: {kind} — {outcome}",
    "ronda.decl.scores": "تُحسب",
    "ronda.decl.beaten": "غلبها إعلان أقوى",
    "ronda.decl.false": "كاذبة، أُلغيت",
    "ronda.decl.false_to": "كاذبة، والنقاط إلى {side}",
    "ronda.rank.10": "السوتا",
    "ronda.rank.11": "الكابايو",
    "ronda.rank.12": "الري",
    "ronda.over.draw": "تعادل في القمة",
    "ronda.over.us": "فاز فريقنا!",
    "help.ronda.title": "كيف تلعب رندة",
    "help.ronda.body": (
        "من لاعبَين إلى أربعة، بورق البراجة الإسبانية (٤٠ ورقة: من ١ إلى ٧ ثم السوتا والكابايو "
        "والري). الأربعة فريقان، وكل شريكين متقابلان. السنف لا يهم، الرتبة وحدها.\n"
        "يأخذ كل لاعب ثلاث أوراق، وتُكشف أربع على الطاولة في أول التوزيعة. كلما فرغت الأيدي "
        "وُزّعت ثلاث أخرى حتى تنتهي الشدّة.\n"
        "في دورك تلعب ورقة: إن كان على الطاولة ورقة من رتبتها أكلتها، ثم ما يليها صعودًا ما دام "
        "موجودًا. وإن لم تجد مثيلها بقيت ورقتك على الطاولة.\n"
        "الكايدة: أن تأكل الورقة التي وضعها من قبلك للتو (نقطة). الميسا: أن تنظّف الطاولة كلها "
        "(نقطة).\n"
        "قبل أول ورقة من كل دفعة تستطيع أن تعلن رندة (زوج، نقطة) أو ترينغا (ثلاثة، خمس نقاط). "
        "الأقوى وحده يُحسب، والإعلان الكاذب يعطي النقاط للخصم.\n"
        "في آخر التوزيعة يذهب ما بقي على الطاولة لآخر من أكل، وكل ورقة فوق العشرين في كومتك "
        "نقطة (فوق ١٣ مع ثلاثة لاعبين). الفائز أول من يبلغ ٤١، أو ٢٥ في السريع."),
}
EN = {
    "game.ronda": "Ronda",
    "menu.rules_set": "Play to",
    "ronda.rules.maghribi": "Maghribi · 41",
    "ronda.rules.quick": "Quick · 25",
    "ronda.name.1": "Karim",
    "ronda.name.2": "Khadija",
    "ronda.name.3": "Mehdi",
    "ronda.hud": "Deal {deal} · batch {batch} of {batches}",
    "ronda.target": "Playing to {n}",
    "ronda.points": "{n} pts",
    "ronda.point_one": "1 pt",
    "ronda.side.us": "Our team",
    "ronda.side.them": "Their team",
    "ronda.deal_banner": "Deal {n}",
    "ronda.last_batch": "Last batch of the deck",
    "ronda.kind.ronda": "Ronda!",
    "ronda.kind.tringa": "Tringa!",
    "ronda.kind_plain.ronda": "ronda",
    "ronda.kind_plain.tringa": "tringa",
    "ronda.declare.ronda": "Ronda",
    "ronda.declare.tringa": "Tringa",
    "ronda.declare_hint": "Holding a pair or three? Declare now, or just play a card",
    "ronda.would_take": "Takes {n} from the table — tap again to play",
    "ronda.would_lay": "Takes nothing: the card stays on the table",
    "ronda.caida": "Caida",
    "ronda.mesa": "Mesa",
    "ronda.sweep": "The rest of the table goes to {name}",
    "ronda.sweep_you": "The rest of the table is yours",
    "ronda.sweep_nobody": "Nobody captured: the table cards go back to the deck",
    "ronda.reveal.title": "Declarations revealed",
    "ronda.reveal.head": "{kind} of {rank}",
    "ronda.reveal.scored": "scores +{n}",
    "ronda.reveal.beaten": "beaten",
    "ronda.reveal.false": "false",
    "ronda.next_deal": "Next deal",
    "ronda.to_result": "See the result",
    "ronda.score.title": "Deal {n}",
    "ronda.score.cards": "Cards taken",
    "ronda.score.cards_value": "{n} cards, {p} pts",
    "ronda.score.caidas": "Caidas",
    "ronda.score.mesas": "Mesas",
    "ronda.score.declarations": "Declarations",
    "ronda.decl.more": "and {n} more that did not change the score",
    "ronda.score.penalties": "Penalties won",
    "ronda.score.deal": "This deal",
    "ronda.score.total": "Total (to {n})",
    "ronda.decl.line": "{name}: {kind} of {rank} — {outcome}",
    "ronda.decl.line_false": "{name}: {kind} — {outcome}",
    "ronda.decl.scores": "scores",
    "ronda.decl.beaten": "beaten by a stronger one",
    "ronda.decl.false": "false, cancelled",
    "ronda.decl.false_to": "false, the points go to {side}",
    "ronda.rank.10": "sota",
    "ronda.rank.11": "caballo",
    "ronda.rank.12": "rey",
    "ronda.over.draw": "A draw at the top",
    "ronda.over.us": "Your team wins!",
    "help.ronda.title": "How to play Ronda",
    "help.ronda.body": (
        "Two to four players with the 40-card Spanish deck (1 to 7, then sota, caballo and rey). "
        "Four play as two teams, partners facing each other. Suits never matter, only ranks.\n"
        "Everyone gets three cards and, at the start of a deal, four go face up on the table. "
        "When all hands are empty, three more each, until the deck runs out.\n"
        "On your turn play one card. If the table has a card of the same rank, you take it, and "
        "the next ranks up for as long as they follow on. No match? Your card stays on the "
        "table.\n"
        "Caida: taking the card the previous player just laid (1 point). Mesa: clearing the "
        "whole table (1 point).\n"
        "Before your first card of each batch you may declare ronda (a pair, 1 point) or tringa "
        "(three of a kind, 5 points). Only the strongest one scores; a false one gives its "
        "points to the other side.\n"
        "At the end of a deal the table goes to the last player who took cards, and each card in "
        "your pile beyond 20 is a point (beyond 13 with three players). First to 41 wins, or 25 "
        "in the quick game."),
}
