"""What learners see of Creepy Falls: the city board as SVG and the terminal text."""
