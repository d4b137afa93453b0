"""Project package: settings, URL tiers and the WSGI entry point of Keezen Toernooi."""
