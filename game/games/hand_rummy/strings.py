"""Hand rummy (الهاند) strings, merged into the common tables by game/i18n.

Arabic uses the words players use at the table: سرا (a run), جماعة (a set), نزول (laying melds,
the opening of 51), السحبة (the stock), الأرض (the face-up discard pile), جوكر. Every sentence is
written for this client, not copied from the rule sources.
"""

AR = {
    "hr.rounds_n": "الجولات: {n}",
    "hr.rounds_n.1": "جولة واحدة",
    "menu.rounds": "الجولات",
    "menu.variant": "الحساب",
    "menu.partnership": "شراكة",
    "rummy.variant.majlis": "المجلس",
    "rummy.variant.classic": "الكلاسيكي",
    "game.hand_rummy": "الهاند",
    "game.hand_rummy.sub": "رامي بشدّتين وجوكرين، الأقل نقاطًا يفوز",
    "help.hand_rummy.title": "طريقة لعب الهاند",
    "help.hand_rummy.body": (
        "شدّتان كاملتان وجوكران، من لاعبين إلى أربعة. لكل لاعب ١٤ ورقة، والذي يلي الموزّع "
        "يأخذ ١٥ ويبدأ برمي ورقة دون أن يسحب.\n"
        "في دورك: اسحب ورقة من السحبة أو خذ الورقة المكشوفة على الأرض، ثم انزل إن استطعت، "
        "وأنهِ دورك برمي ورقة.\n"
        "السرا: ثلاث أوراق أو أكثر متتالية من نوع واحد، والإكة تأتي قبل ٢ أو بعد الشايب "
        "ولا تلتف. الجماعة: ثلاث أو أربع أوراق من رقم واحد بأنواع مختلفة.\n"
        "أول نزول لك يجب أن يبلغ ٥١ نقطة على الأقل (الإكة ١١، والصور والعشرة ١٠، والباقي "
        "بقيمته). بعد النزول تستطيع أن تضيف أوراقك إلى أي نزلة على الطاولة، وأن تسترد "
        "جوكرًا بوضع الورقة التي يقوم مقامها، على أن تنزله من جديد قبل أن ترمي.\n"
        "التجهيز: تُقترح عليك في أول الجولة مجموعات من يدك، وهي اقتراح فقط. المس ورقة من "
        "يدك ثم مجموعة لتضعها فيها، والمس ورقة في التجهيز لتعيدها. زر «نزّل» يرسل المجموعات "
        "الصحيحة إلى الطاولة.\n"
        "الحساب: من يخلص أوراقه يأخذ −٣٠، أو −٦٠ إن خلّص كل أوراقه دفعة واحدة دون نزول سابق "
        "(هاند). من لم ينزل عليه ٢٠٠، ومن نزل عليه ضعف قيمة ما بقي في يده. بعد الجولات "
        "المحددة يفوز صاحب أقل مجموع."),
    "hr.round": "الجولة {n} من {total}",
    "hr.stock": "السحبة",
    "hr.discard_pile": "الأرض",
    "hr.staging": "التجهيز",
    "hr.staging_head": "التجهيز، {head}",
    "hr.figure": "{n}، {state}",
    "hr.staged_open": "النزول: {n} من ٥١",
    "hr.staged": "المجهّز: {n} نقطة",
    "hr.apply": "نزّل",
    "hr.add_group": "مجموعة جديدة",
    "hr.clear": "إفراغ",
    "hr.sort_suit": "حسب النوع",
    "hr.sort_rank": "حسب الرقم",
    "hr.undo": "تراجع",
    "hr.discard": "ارمِ",
    "hr.new_group": "مجموعة جديدة",
    "hr.run": "سرا",
    "hr.set": "جماعة",
    "hr.bad_group": "غير صحيحة",
    "hr.cards": "{n} ورقة",
    "hr.opened": "نزل",
    "hr.not_opened": "لم ينزل",
    "hr.team": "الفريق {n}",
    "hr.you_opened": "نزلت",
    "hr.melds_of": "نزلات {name}",
    "hr.no_melds": "لم ينزل أحد بعد",
    # Apply melds disabled (HR-14): the staging area's reason codes.
    "hr.reason.not_your_turn": "ليس دورك الآن",
    "hr.reason.not_drawn": "اسحب ورقة أولًا",
    "hr.reason.invalid_group": "في التجهيز مجموعة ليست سرا ولا جماعة",
    "hr.reason.opening_under_51": "أول نزول يحتاج ٥١ نقطة على الأقل",
    "hr.reason.nothing_staged": "ضع أوراقًا في مجموعة أولًا",
    # Engine refusals (IllegalAction codes).
    "hr.err.not_your_turn": "انتظر دورك",
    "hr.err.draw_first": "اسحب ورقة من السحبة أو من الأرض أولًا",
    "hr.err.already_drawn": "سحبت ورقة في هذا الدور",
    "hr.err.not_opened": "تحتاج أن تنزل ٥١ نقطة قبل هذا",
    "hr.err.not_in_hand": "هذه الورقة ليست في يدك",
    "hr.err.no_meld": "لا توجد نزلة على الطاولة بعد",
    "hr.err.discard_empty": "لا ورقة على الأرض",
    "hr.err.stock_empty": "انتهت السحبة، خذ من الأرض",
    "hr.err.invalid_group": "هذه المجموعة ليست سرا ولا جماعة",
    "hr.err.opening_under_51": "نزولك {n} نقطة، وأول نزول يحتاج ٥١",
    "hr.err.does_not_fit": "هذه الورقة لا تركب على هذه النزلة",
    "hr.err.cannot_swap": "لا تستطيع استرداد الجوكر بهذه الورقة",
    "hr.err.joker_pending": "انزل الجوكر الذي استرددته قبل أن ترمي",
    "hr.err.illegal": "لا يمكن هذا الآن",
    # Guidance.
    "hr.tip.draw": "دورك: اسحب من السحبة أو خذ ورقة الأرض",
    "hr.tip.discard": "اختر ورقة ثم ارمها لتنهي دورك",
    "hr.tip.pick_first": "اختر ورقة من يدك أولًا",
    "hr.tip.suggested": "جهّزنا لك مجموعات من يدك، وهي اقتراح فقط",
    "hr.tip.joker_back": "استرددت الجوكر، انزله قبل أن ترمي",
    "hr.tip.reshuffled": "انتهت السحبة، فخُلطت أوراق الأرض من جديد",
    "hr.tip.first_discard": "تبدأ الجولة: ارمِ ورقة دون سحب",
    "hr.event.opened": "{name} نزل بـ{n} نقطة",
    "hr.event.swapped": "{name} استرد جوكرًا",
    "hr.event.took": "{name} أخذ من الأرض",
    # Round and match end.
    "hr.score.title": "نهاية الجولة {n}",
    "hr.score.out": "{name} خلّص أوراقه ({score})",
    "hr.score.hand": "هاند! {name} خلّص دفعة واحدة ({score})",
    "hr.score.out_you": "خلّصت أوراقك ({score})",
    "hr.score.hand_you": "هاند! خلّصت أوراقك دفعة واحدة ({score})",
    "hr.event.opened_you": "نزلت بـ{n} نقطة",
    "hr.score.player": "اللاعب",
    "hr.score.left": "في اليد",
    "hr.score.round": "الجولة",
    "hr.score.total": "المجموع",
    "hr.score.never": "لم ينزل",
    "hr.score.next": "الجولة التالية",
    "hr.score.result": "النتيجة",
    "hr.over.low_wins": "الأقل نقاطًا يفوز",
    "hr.over.team_wins": "فاز {name}",
    "hr.timeout": "انتهى وقتك، فسحبت الطاولة ورمت عنك",
}

EN = {
    "hr.rounds_n": "{n} rounds",
    "hr.rounds_n.1": "One round",
    "menu.rounds": "Rounds",
    "menu.variant": "Scoring",
    "menu.partnership": "Partners",
    "rummy.variant.majlis": "Majlis",
    "rummy.variant.classic": "Classic",
    "game.hand_rummy": "Hand rummy",
    "game.hand_rummy.sub": "Two decks, two jokers, lowest score wins",
    "help.hand_rummy.title": "How to play Hand rummy",
    "help.hand_rummy.body": (
        "Two full decks and two jokers, 2 to 4 players. Everyone gets 14 cards; the player after "
        "the dealer gets 15 and starts by discarding without drawing.\n"
        "On your turn: draw from the stock or take the face-up discard, lay melds if you can, "
        "and end your turn by discarding one card.\n"
        "A run is three or more cards in a row of one suit; the ace goes below the 2 or above "
        "the king, never round the corner. A set is three or four cards of one rank, all "
        "different suits.\n"
        "Your first melds must add up to at least 51 points (ace 11, tens and faces 10, others "
        "their number). Once you have opened, you may add cards to any meld on the table, and "
        "take a joker back by putting the card it stands for in its place — then meld that "
        "joker again before you discard.\n"
        "Staging: at the start of a round the table suggests melds from your hand; they are only "
        "a suggestion. Tap a hand card, then a group, to stage it; tap a staged card to take it "
        "back. Apply sends the valid groups to the table.\n"
        "Scoring: going out scores −30, or −60 for a 'hand' — every card down in one turn with "
        "no earlier opening. A player who never opened takes 200; one who opened takes twice "
        "the value left in his hand. After the last round the lowest total wins."),
    "hr.round": "Round {n} of {total}",
    "hr.stock": "Stock",
    "hr.discard_pile": "Discard",
    "hr.staging": "Staging",
    "hr.staging_head": "Staging \u00b7 {head}",
    "hr.figure": "{n} \u00b7 {state}",
    "hr.staged_open": "Opening: {n} of 51",
    "hr.staged": "Staged: {n} points",
    "hr.apply": "Apply melds",
    "hr.add_group": "Add group",
    "hr.clear": "Clear",
    "hr.sort_suit": "By suit",
    "hr.sort_rank": "By rank",
    "hr.undo": "Undo",
    "hr.discard": "Discard",
    "hr.new_group": "New group",
    "hr.run": "Run",
    "hr.set": "Set",
    "hr.bad_group": "Not valid",
    "hr.cards": "{n} cards",
    "hr.opened": "Opened",
    "hr.not_opened": "Not opened",
    "hr.team": "Team {n}",
    "hr.you_opened": "Opened",
    "hr.melds_of": "{name}'s melds",
    "hr.no_melds": "No melds on the table yet",
    "hr.reason.not_your_turn": "It's not your turn",
    "hr.reason.not_drawn": "Draw a card first",
    "hr.reason.invalid_group": "A staged group is neither a run nor a set",
    "hr.reason.opening_under_51": "Your opening needs at least 51 points",
    "hr.reason.nothing_staged": "Put cards in a group first",
    "hr.err.not_your_turn": "Wait for your turn",
    "hr.err.draw_first": "Draw first, from the stock or the discard pile",
    "hr.err.already_drawn": "You have already drawn this turn",
    "hr.err.not_opened": "You need your 51-point opening first",
    "hr.err.not_in_hand": "That card is not in your hand",
    "hr.err.no_meld": "There is no meld on the table yet",
    "hr.err.discard_empty": "The discard pile is empty",
    "hr.err.stock_empty": "The stock is empty — take the discard",
    "hr.err.invalid_group": "That group is neither a run nor a set",
    "hr.err.opening_under_51": "Your opening is {n} points; it needs 51",
    "hr.err.does_not_fit": "That card doesn't fit this meld",
    "hr.err.cannot_swap": "That card can't take the joker back",
    "hr.err.joker_pending": "Meld the joker you took back before discarding",
    "hr.err.illegal": "You can't do that now",
    "hr.tip.draw": "Your turn: draw from the stock or take the discard",
    "hr.tip.discard": "Pick a card and discard it to end your turn",
    "hr.tip.pick_first": "Pick a card from your hand first",
    "hr.tip.suggested": "Melds found in your hand are staged — only a suggestion",
    "hr.tip.joker_back": "Joker taken back — meld it before you discard",
    "hr.tip.reshuffled": "The stock ran out; the discards were shuffled into a new one",
    "hr.tip.first_discard": "You start: discard a card without drawing",
    "hr.event.opened": "{name} opened with {n} points",
    "hr.event.swapped": "{name} took back a joker",
    "hr.event.took": "{name} took the discard",
    "hr.score.title": "End of round {n}",
    "hr.score.out": "{name} went out ({score})",
    "hr.score.hand": "Hand! {name} went out in one go ({score})",
    "hr.score.out_you": "You went out ({score})",
    "hr.score.hand_you": "Hand! You went out in one go ({score})",
    "hr.event.opened_you": "You opened with {n} points",
    "hr.score.player": "Player",
    "hr.score.left": "In hand",
    "hr.score.round": "Round",
    "hr.score.total": "Total",
    "hr.score.never": "Never opened",
    "hr.score.next": "Next round",
    "hr.score.result": "Result",
    "hr.over.low_wins": "Lowest total wins",
    "hr.over.team_wins": "{name} win!",
    "hr.timeout": "Time ran out — the table drew and discarded for you",
}
