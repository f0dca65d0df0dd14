"""Support code for the Streamlit app (app.py): labels, hand-editing state, tile pictures, photo
pipeline and result rendering. Everything here except `views` is plain Python and unit-tested
without Streamlit."""
