"""Thin views in three tiers: public (no login), director (permission required), and later table."""
