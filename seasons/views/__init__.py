"""Thin views of competitions: the public page and its PDF (:mod:`.public`), the director's pages
(:mod:`.director`, :mod:`.evenings`); the business logic is in :mod:`seasons.services`."""
