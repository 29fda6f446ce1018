"""placeholder"""
from checker.audit.explain import HandExplanation


def render_explain_html(explanation: HandExplanation) -> str:
    return ""
