"""A club's year: members, subs, dues, standings and year-end prizes across every night."""
