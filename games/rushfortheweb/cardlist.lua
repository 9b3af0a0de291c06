-- The cards of Rush for the Web, as data.
--
-- The printed card lists are not available: every card below is a
-- RECONSTRUCTION, designed from what the rule book fixes and balanced with
-- simulated games (docs/games/rushfortheweb.md lists every card and gives the
-- reasoning). An owner of the printed game can type the real cards in here,
-- keeping the field names; no rule needs to change.
--
-- Each list is a card-list text (stdlib/cards.lua): one line per kind of card,
-- COUNT NAME [key=value ...], a name with blanks in quotes, `#` a comment.
-- Lists of colours or numbers are written with slashes: red/blue, 4/6/9.
--
-- resources  colour=C cost=N [effect=E]; E is one of the rule book's icons:
--              again          play or discard another card, then draw one
--              take_pool      take the pool card, then discard a card
--              draw_another   draw another card, then discard a card
--              swap           swap a hand card with the pool card
--              bonus          bonus=N [need=C/C]: credits when the project is sold
-- projects   colours=C/C/..  the allowed resource colours
--            sell=A/B/C      credits when sold with 2, 3 and 4 resources
-- events     (a round long; any of these, combined)
--            bonus=N [need=C/C]  sell bonus, with colour conditions
--            pool_bonus=N        more credits for a discard to the pool
--            discount=N          resources cost N less (never below 0)
--            per_project=N       N credits at the start of each turn for every
--                                project holding at least one resource
--            third_project=true  a third project at the start of each turn
--            "Expansion" must be among the events: it is always played.
-- personas   (one special effect each)
--            bonus=N              sell bonus
--            discount=N [discount_on=C/C]  resources (of these colours) cost N less
--            pool_bonus=N         more credits for a discard to the pool
--            sales=N              may sell up to N projects a turn
--            scout=N              draws N resources from the stack, keeps one
--            fame=N               N credits a sale for every project sold before
--            royalty=N            N credits whenever another player sells
--            royalty_from=next    ... only when the next player in turn order sells
--            royalty_from=neighbours  ... only when a neighbour sells
--            wild=C/C             resources of these colours fit every project
--            income=N             N credits at the start of each turn
--            need=C/C             colour conditions of the bonus, royalty or
--                                 income: the project sold (or, for income,
--                                 one of the player's projects) holds a
--                                 resource of these colours

local M = {}

-- The resource colours, in the order they are listed everywhere.
M.colours = { "red", "yellow", "green", "blue", "purple" }

M.personas = [[
1 Vlogger        bonus=2 need=red                # video: sales with red resources
1 Podcaster      bonus=2 need=yellow             # talk: sales with yellow resources
1 Developer      discount=1 discount_on=blue/green
1 Blogger        pool_bonus=1 discount=1 discount_on=yellow
1 Entrepreneur   sales=2 bonus=2 need=purple
1 Curator        curate=1 scout=2
1 Influencer     fame=1                          # every sale makes the next pay more
1 Maintainer     royalty=1 royalty_from=neighbours need=yellow/green/blue  # open source
1 Illustrator    wild=purple discount=1 discount_on=purple
1 Streamer       income=1 need=red/purple        # paid while a channel has visuals
]]

M.projects = [[
# one colour: hard to fill, sells best
1 Vlog                    colours=red     sell=5/8/11
1 Novel                   colours=yellow  sell=5/8/11
1 "Online Community"      colours=green   sell=5/8/11
1 "Browser Extension"     colours=blue    sell=5/8/11
1 "Art Portfolio"         colours=purple  sell=5/8/11
# two colours
1 Podcast                 colours=red/yellow     sell=4/7/10
1 "Live Stream"           colours=red/green      sell=3/7/10
1 "Video Game"            colours=red/blue       sell=4/7/10
1 "Animated Short"        colours=red/purple     sell=5/7/9
1 "Newsletter Series"     colours=yellow/green   sell=5/7/9
1 "Tech Blog"             colours=yellow/blue    sell=4/7/10
1 "Web Comic"             colours=yellow/purple  sell=3/7/10
1 "Open Source Library"   colours=green/blue     sell=4/7/10
1 "Fan Art Gallery"       colours=green/purple   sell=4/7/10
1 "Mobile App"            colours=blue/purple    sell=3/7/10
# three colours (the rule book's example: 4 with 2 resources, 6 with 3)
1 Documentary             colours=red/yellow/green    sell=4/6/9
1 "Online Course"         colours=red/yellow/blue     sell=4/6/9
1 "Music Video"           colours=red/yellow/purple   sell=4/6/9
1 "Esports Channel"       colours=red/green/blue      sell=4/6/9
1 "Photo Walks"           colours=red/green/purple    sell=3/6/9
1 "Indie Game"            colours=red/blue/purple     sell=4/6/9
1 Wiki                    colours=yellow/green/blue   sell=4/6/9
1 Zine                    colours=yellow/green/purple sell=3/6/9
1 "Interactive Story"     colours=yellow/blue/purple  sell=4/6/9
1 "Creator Platform"      colours=green/blue/purple   sell=4/6/9
# four colours: easy to fill, sells least
1 "Web Magazine"          colours=red/yellow/green/blue     sell=3/5/8
1 "Crowdfunding Campaign" colours=yellow/green/blue/purple  sell=3/5/8
1 "Virtual Conference"    colours=red/green/blue/purple     sell=3/5/8
]]

-- Twelve of each colour, alike but for names: 2 free, 3 plain, one of each
-- card-handling icon, 2 "again", a conditional and a plain sell bonus.
M.resources = [[
2 "Phone Camera"    colour=red cost=0
3 Camera            colour=red cost=1
1 Tripod            colour=red cost=1 effect=swap
1 "Stock Footage"   colour=red cost=1 effect=take_pool
1 Microphone        colour=red cost=1 effect=draw_another
2 "Video Editor"    colour=red cost=2 effect=again
1 "Studio Lights"   colour=red cost=2 effect=bonus bonus=2 need=yellow
1 Drone             colour=red cost=3 effect=bonus bonus=3

2 Notes             colour=yellow cost=0
3 Article           colour=yellow cost=1
1 Thesaurus         colour=yellow cost=1 effect=swap
1 Research          colour=yellow cost=1 effect=take_pool
1 Interview         colour=yellow cost=1 effect=draw_another
2 Ghostwriter       colour=yellow cost=2 effect=again
1 Editor            colour=yellow cost=2 effect=bonus bonus=2 need=green
1 Bestseller        colour=yellow cost=3 effect=bonus bonus=3

2 "Social Post"     colour=green cost=0
3 Newsletter        colour=green cost=1
1 Forum             colour=green cost=1 effect=swap
1 Shoutout          colour=green cost=1 effect=take_pool
1 Meetup            colour=green cost=1 effect=draw_another
2 Moderator         colour=green cost=2 effect=again
1 "Fan Club"        colour=green cost=2 effect=bonus bonus=2 need=blue
1 Sponsor           colour=green cost=3 effect=bonus bonus=3

2 Snippet           colour=blue cost=0
3 Laptop            colour=blue cost=1
1 "Code Review"     colour=blue cost=1 effect=swap
1 Library           colour=blue cost=1 effect=take_pool
1 "Cloud Server"    colour=blue cost=1 effect=draw_another
2 "Pair Programmer" colour=blue cost=2 effect=again
1 API               colour=blue cost=2 effect=bonus bonus=2 need=purple
1 "Payment Pointer" colour=blue cost=3 effect=bonus bonus=3

2 Sketch            colour=purple cost=0
3 Illustration      colour=purple cost=1
1 Palette           colour=purple cost=1 effect=swap
1 Photo             colour=purple cost=1 effect=take_pool
1 Font              colour=purple cost=1 effect=draw_another
2 Animator          colour=purple cost=2 effect=again
1 Logo              colour=purple cost=2 effect=bonus bonus=2 need=red
1 "Design System"   colour=purple cost=3 effect=bonus bonus=3
]]

M.events = [[
1 Expansion               third_project=true
1 "Ad Boom"               bonus=2 need=red
1 "Book Fair"             bonus=2 need=yellow
1 "Community Awards"      bonus=2 need=green
1 "Developer Conference"  bonus=2 need=blue
1 "Design Week"           bonus=2 need=purple
1 "Micropayments Launch"  bonus=1
1 "Crossover Hype"        bonus=3 need=red/yellow
1 "Tech Meets Art"        bonus=3 need=blue/purple
1 "Garage Sale"           pool_bonus=1
1 "Swap Meet"             pool_bonus=2
1 "Cloud Discount"        discount=1
1 "Hardware Sale"         discount=2
1 "Patron Day"            per_project=1
1 "Sponsorship Round"     per_project=2
1 "Open Web Grant"        bonus=1 pool_bonus=1
1 "Black Friday"          discount=1 pool_bonus=1
1 "Subscription Surge"    per_project=1 bonus=1
]]

return M
