"""What is optimized: the Strategy schema, its bounds, the search space and single-field edits.

This package imports nothing else of the project.
"""

from search_space.edits import (
    EDIT_ADAPTER,
    AddLesson,
    ClearRoute,
    Edit,
    RemoveLesson,
    ReplaceLesson,
    SetGuidance,
    SetRoute,
    SetScalar,
    apply,
    describe_edit,
    edit_between,
    edited_field,
    parse_edit,
)
from search_space.errors import InvalidEdit, Reason, RsiError, UserInputError
from search_space.identity import FieldChange, canonical_json, content_id, diff, strategy_id
from search_space.io import describe_validation_error, load_model, read_json_file
from search_space.lessons import retrieve_lessons
from search_space.prose import ProseGuard
from search_space.schema import (
    ALL_FIELDS,
    SCALAR_FIELDS,
    Component,
    Context,
    Lesson,
    SkillRoute,
    Strategy,
    to_snake,
)
from search_space.skills import SKILLS, SKILLS_BY_NAME, Skill, SkillRole, generation_skills
from search_space.space import SearchSpace
from search_space.wording import counted

__all__ = [
    "ALL_FIELDS",
    "EDIT_ADAPTER",
    "SCALAR_FIELDS",
    "SKILLS",
    "SKILLS_BY_NAME",
    "AddLesson",
    "ClearRoute",
    "Component",
    "Context",
    "Edit",
    "FieldChange",
    "InvalidEdit",
    "Lesson",
    "ProseGuard",
    "Reason",
    "RemoveLesson",
    "ReplaceLesson",
    "RsiError",
    "SearchSpace",
    "SetGuidance",
    "SetRoute",
    "SetScalar",
    "Skill",
    "SkillRole",
    "SkillRoute",
    "Strategy",
    "UserInputError",
    "apply",
    "canonical_json",
    "content_id",
    "counted",
    "describe_edit",
    "describe_validation_error",
    "diff",
    "edit_between",
    "edited_field",
    "generation_skills",
    "load_model",
    "parse_edit",
    "read_json_file",
    "retrieve_lessons",
    "strategy_id",
    "to_snake",
]
