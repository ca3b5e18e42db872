// harness: not built yet; prints its usage until its issue lands.
#include <iostream>

int main() {
  std::cout << "usage: harness COMMAND ... (not implemented yet in this version of the workbench)\n";
  return 2;
}
