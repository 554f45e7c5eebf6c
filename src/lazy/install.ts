// Adding skills from a repository (dist/lazy/install.js): the review, git and the staged add,
// loaded the first time the command runs.
export { addFromRepository } from '../vscode/install/addFromRepository';
export { updateAddedSkills } from '../vscode/install/updateAddedSkills';
