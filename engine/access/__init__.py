"""Who may use a server: the store-wide director accounts and their tokens.

``events`` holds the access aggregate's events (one aggregate per store, at the fixed id
:data:`~engine.access.state.ACCESS_ID`), ``state`` what they fold into, ``decide`` the
decisions of the access commands, including a table device's codes and the public view
(recorded as tournament events), and ``checks`` what a table device may write.

The engine stores only hashes, never a password, token or code: the adapter that
authenticates hashes what it is given and compares.
"""
