"""Test scaffolding shipped with the package, never imported by the library itself: tiny randomly
initialised models of the real architectures (``tiny``), the ToolMerge merge in plain Python, the
specification the compiled SQL is checked against (``toolmerge_reference``), clips with exact ground
truth (``media``: rendered text, espeak-ng speech, real recordings at known times, tones and noise), empty
corpora for examples (``corpora``), generated bad media (``bad_media``), fault injection (``faults``) and
what a docstring example needs to run or skip cleanly (``examples``: the shared media, optional packages).
"""
