"""The money at the door (issue 19): entry fees, payments marked at the check-in, the cash list.

Why an app of its own: a tournament is played the same whether or not the club asks an entry fee,
and nothing of the standings depends on who paid. The fee settings, the payments and the cash list
at the end of the day live here, beside the tournament core; the check-in page, the Excel export
and the tournament file ask this app for what they show or keep.
"""
