-- D47: PostgreSQL refuses a tsvector whose lexemes take over 1 MB ("string is too long for
-- tsvector"), and the notes of one contact (the messages of one conversation) have no total bound:
-- enough long notes made every write that refreshes the contact's search vector fail. The vectors
-- now read the first 100,000 characters of those texts: at most 400 KB of UTF-8, whose lexemes take
-- at most about twice that (a hyphenated word gives the compound and its parts), plus the
-- A-weighted fields (each at most 500 characters, D26). Every caller (the refresh functions the
-- triggers run, and bulk loads) goes through these two functions.

CREATE OR REPLACE FUNCTION contact_search_vector(name text, email text, street text, city text, country text, notes text)
  RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT setweight(to_tsvector('english'::regconfig,
           concat_ws(' ', name, search_text_of_email(email), street, city, country)), 'A')
      || setweight(to_tsvector('english'::regconfig, left(coalesce(notes, ''), 100000)), 'B')
$$;

CREATE OR REPLACE FUNCTION conversation_search_vector(name text, email text, street text, city text, messages text)
  RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT setweight(to_tsvector('english'::regconfig,
           concat_ws(' ', name, search_text_of_email(email), street, city)), 'A')
      || setweight(to_tsvector('english'::regconfig, left(coalesce(messages, ''), 100000)), 'C')
$$;
