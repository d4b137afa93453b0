"""The tournament app: tournaments, clubs, teams and players, and the pages that manage them."""
