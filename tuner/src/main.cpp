// tuner: not built yet; prints its usage until its issue lands.
#include <iostream>

int main() {
  std::cout << "usage: tuner COMMAND ... (not implemented yet in this version of the workbench)\n";
  return 2;
}
